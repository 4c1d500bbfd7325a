import { actions, type CheckoutResult } from '@wine/contracts';
import { invoiceStream, lotStream } from '@wine/event-schemas';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  eventually,
  hasThreeDSecure,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionInvoiceId } from '../checkout/money-deps.ts';
import { lotDecider } from '../lots/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { invoiceDecider } from './decide.ts';

/** The card network these tests charge (CARD_NETWORK: the sandbox, or Stripe behind its local double). */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
let service: TestCommandService;
beforeAll(async () => {
  // A card network that takes a moment to answer, as real ones do: two payments can overlap.
  network = await openCardNetwork(networkName);
  const sandbox = network.provider;
  const charge = sandbox.charge.bind(sandbox);
  sandbox.charge = async (request) => {
    await new Promise((r) => setTimeout(r, 30));
    return charge(request);
  };
  service = await openTestCommandService({ network });
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
  await network.close();
});

const HOUR = 3600_000;
let n = 0;
async function bidder(card: string = network.testCards.visa) {
  n += 1;
  const user = await service.signUp(`winner${n}@invoices.example`);
  const { cardId } = await service.addCard(user.token, card);
  return { ...user, cardId };
}

const loadInvoice = (id: string) => service.service.streams.load(invoiceStream(id), invoiceDecider);

/** An auction lot won by `winner` at $100 (no reserve), closed by the scheduler. */
async function wonLot(winner: { token: string }) {
  const lot = await service.listLot({
    auction: true,
    buyNow: false,
    openingBid: 10_000,
    reserve: null,
    closesAt: new Date(service.clock.now().getTime() + HOUR).toISOString(),
  });
  const bid = await service.post(
    actions.bidConfirm.path,
    { id: lot.lotId, wsprice: 10_000 },
    { token: winner.token },
  );
  expect(bid.status).toBe(200);
  return lot;
}

async function closeAll() {
  service.clock.advance(2 * HOUR);
}

describe(`invoices of sold lots, on ${on}`, () => {
  it('issues the winner an invoice: hammer, 20% premium, Chicago tax on both, due in 14 days', async () => {
    const ann = await bidder();
    const lot = await wonLot(ann);
    await closeAll();
    const id = auctionInvoiceId(lot.lotId);
    const invoice = await eventually(
      () => loadInvoice(id),
      (i) => i.status === 'issued',
      'the invoice',
    );
    if (invoice.status !== 'issued') throw new Error('not issued');
    expect(invoice.issued.buyerId).toBe(ann.id);
    expect(invoice.amounts).toEqual({
      subtotal: 10_000,
      premiumPercent: 20,
      premium: 2_000,
      tax: 1_230,
      total: 13_230,
    });
    const closed = await service.service.streams.load(lotStream(lot.lotId), lotDecider);
    if (closed.status === 'empty') throw new Error('no lot');
    expect(Date.parse(invoice.issued.dueAt) - Date.parse(closed.lot.closesAt)).toBe(14 * 24 * HOUR);
    // Issued once, however often the process looks. The process knows its invoice once committed; the
    // log answers reads of it once it is on disk, a moment later.
    const onDisk = await eventually(
      () => service.service.streams.store.readStream(invoiceStream(id)),
      (events) => events.length > 0,
      'the invoice on disk',
    );
    expect(onDisk).toHaveLength(1);
  });

  it('charges an invoice once when it is paid from two tabs at once', async () => {
    const bob = await bidder();
    const lot = await wonLot(bob);
    await closeAll();
    const id = auctionInvoiceId(lot.lotId);
    await eventually(
      () => loadInvoice(id),
      (i) => i.status === 'issued',
      'the invoice',
    );
    const pay = () =>
      service.post<CheckoutResult>(
        actions.checkout.path,
        { type: 'auction', cart_id: id, delivery: 'pickup', payment: { card_id: bob.cardId } },
        { token: bob.token },
      );
    const answers = await Promise.all([pay(), pay()]);
    const outcomes = answers
      .map((a) => (a.status === 200 ? a.body.data.responseData.status : a.body.data.code))
      .sort();
    expect(outcomes[1]).toBe('paid');
    expect(['INVOICE_PAID', 'PAYMENT_IN_PROGRESS']).toContain(outcomes[0]);
    const events = await service.service.streams.store.readStream(invoiceStream(id));
    // One payment started, so one charge made; the other tab was told.
    expect(events.filter((e) => e.type === 'PaymentStarted')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'PaymentRecorded')).toHaveLength(1);
    const invoice = await loadInvoice(id);
    expect(invoice.status === 'issued' && invoice.paid).toBe(13_230);
  });

  it('pays every unpaid invoice of the auction cart in one checkout (cart id all)', async () => {
    const cat = await bidder();
    const lots = [await wonLot(cat), await wonLot(cat)];
    await closeAll();
    const ids = lots.map((l) => auctionInvoiceId(l.lotId));
    for (const id of ids)
      await eventually(
        () => loadInvoice(id),
        (i) => i.status === 'issued',
        'the invoices',
      );
    // The index of open invoices follows the log too: wait until it knows both, then check out once
    // (a checkout tried before would pay the one it knew, and the next the other).
    await eventually(
      () => service.service.openInvoices.unpaidInvoices(cat.id, 'auction'),
      (unpaid) => unpaid.length === 2,
      'both invoices in the cart',
    );
    const answer = await service.post<CheckoutResult>(
      actions.checkout.path,
      { type: 'auction', cart_id: 'all', delivery: 'pickup', payment: { card_id: cat.cardId } },
      { token: cat.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.responseData.invoice_ids.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const invoice = await loadInvoice(id);
      expect(invoice.status === 'issued' && invoice.paid).toBe(13_230);
    }
  });

  it('answers someone else\u2019s invoice as unknown, and an unknown one the same', async () => {
    const dee = await bidder();
    const lot = await wonLot(dee);
    await closeAll();
    const id = auctionInvoiceId(lot.lotId);
    await eventually(
      () => loadInvoice(id),
      (i) => i.status === 'issued',
      'the invoice',
    );
    const mallory = await bidder();
    for (const cartId of [id, 'A-no-such-lot']) {
      const answer = await service.post(
        actions.checkout.path,
        { type: 'auction', cart_id: cartId, delivery: 'pickup', payment: { card_id: mallory.cardId } },
        { token: mallory.token },
      );
      expect(answer.status).toBe(404);
      expect(answer.body.data.code).toBe('INVOICE_NOT_FOUND');
    }
    expect(await service.service.streams.store.readStream(invoiceStream(id))).toHaveLength(1);
  });
});

describe(`lapsed holds, on ${on}`, () => {
  it.skipIf(!hasThreeDSecure(networkName))(
    'gives up an order left at the card issuer page after 15 minutes: holds back, invoice void',
    async () => {
      const eve = await bidder(network.testCards.authenticationRequired);
      const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 2 });
      await service.post(
        actions.addToCart.path,
        { cart: [{ product_id: lot.lotId, qty: 2 }] },
        { token: eve.token },
      );
      const answer = await service.post<CheckoutResult>(
        actions.checkout.path,
        { type: 'buynow', cart_id: 'lapsing', delivery: 'pickup', payment: { card_id: eve.cardId } },
        { token: eve.token },
      );
      expect(answer.body.data.responseData.status).toBe('requires_action');
      const id = answer.body.data.responseData.invoice_ids[0] as string;
      service.clock.advance(16 * 60_000);
      const invoice = await eventually(
        () => loadInvoice(id),
        (i) => i.status === 'issued' && i.voided,
        'the void',
      );
      expect(invoice.status === 'issued' && Object.values(invoice.payments).map((p) => p.status)).toEqual([
        'failed',
      ]);
      const lotState = await service.service.streams.load(lotStream(lot.lotId), lotDecider);
      expect(lotState.status !== 'empty' && lotState.holds).toEqual({});
      const types = (await service.service.streams.store.readStream(lotStream(lot.lotId))).map((e) => e.type);
      expect(types).toEqual(['LotListed', 'StockReserved', 'ReservationReleased']);
    },
  );
});

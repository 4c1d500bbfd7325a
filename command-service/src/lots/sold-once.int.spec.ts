import { actions, type CheckoutResult } from '@wine/contracts';
import { invoiceStream, lotStream } from '@wine/event-schemas';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  eventually,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionInvoiceId } from '../checkout/money-deps.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { lotDecider } from './decide.ts';

/**
 * Issue 30 item 1, through the API: an auction-and-buy-now lot of 2 bottles whose bottles a buyer
 * bought by buy now took a bid afterwards, closed `sold` to the bidder and invoiced them too.
 */
/** The card network these tests charge (CARD_NETWORK: the sandbox, or Stripe behind its local double). */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
let service: TestCommandService;
let charges = 0;
beforeAll(async () => {
  network = await openCardNetwork(networkName);
  const sandbox = network.provider;
  const charge = sandbox.charge.bind(sandbox);
  sandbox.charge = async (request) => {
    charges += 1;
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

const DAY = 24 * 3600_000;
let n = 0;
async function user() {
  n += 1;
  const who = await service.signUp(`sold-once${n}@lots.example`);
  const { cardId } = await service.addCard(who.token, network.testCards.visa);
  return { ...who, cardId };
}

/** An auction-and-buy-now lot of two bottles: opening at $10 for the lot, $50 a bottle now. */
const twoBottles = () =>
  service.listLot({
    auction: true,
    buyNow: true,
    quantity: 2,
    openingBid: 1_000,
    reserve: null,
    buyNowPrice: 5_000,
    closesAt: new Date(service.clock.now().getTime() + 3 * DAY).toISOString(),
  });

const bidOn = (lotId: string, token: string, cents: number) =>
  service.post(actions.bidConfirm.path, { id: lotId, wsprice: cents }, { token });

async function buyNow(who: { token: string; cardId: string }, lotId: string, qty: number) {
  const added = await service.post(
    actions.addToCart.path,
    { cart: [{ product_id: lotId, qty }] },
    { token: who.token },
  );
  if (added.status !== 200) return added;
  return service.post<CheckoutResult>(
    actions.checkout.path,
    { type: 'buynow', cart_id: `c-${lotId}`, delivery: 'pickup', payment: { card_id: who.cardId } },
    { token: who.token },
  );
}

const loadLot = async (lotId: string) => {
  const lot = await service.service.streams.load(lotStream(lotId), lotDecider);
  if (lot.status === 'empty') throw new Error('no lot');
  return lot;
};
const lotEvents = (lotId: string) => service.service.streams.store.readStream(lotStream(lotId));
const loadInvoice = (id: string) => service.service.streams.load(invoiceStream(id), invoiceDecider);

describe(`a lot is sold once, whichever way, on ${on}`, () => {
  it('refuses a bid once buy now sold both bottles; the lot is sold and no auction invoice is issued', async () => {
    const [bea, bob, cy] = [await user(), await user(), await user()];
    const lot = await twoBottles();
    // Bob bids first; once the auction has bids, a checkout takes all that remains or nothing.
    expect((await bidOn(lot.lotId, bob.token, 1_000)).status).toBe(200);
    const part = await buyNow(bea, lot.lotId, 1);
    expect(part.status).toBe(400);
    expect(part.body.data.code).toBe('BUY_NOW_QUANTITY');
    expect(part.body.data.message).toBe('Minimum Quantity 2');

    const before = charges;
    const paid = await buyNow(bea, lot.lotId, 2);
    expect(paid.status, paid.body.data.message).toBe(200);
    expect((paid.body.data.responseData as CheckoutResult).status).toBe('paid');
    expect(charges - before).toBe(1);

    // The sale of the last bottle ended the auction at once: sold, no winner, Bob lost.
    const state = await loadLot(lot.lotId);
    expect(state.sold).toBe(2);
    expect(state.status).toBe('closed');
    expect(state.outcome).toBe('sold');
    const closed = (await lotEvents(lot.lotId)).find((e) => e.type === 'LotClosed');
    expect(closed?.data).toMatchObject({
      outcome: 'sold',
      winnerId: null,
      hammerPrice: null,
      losers: [bob.id],
      endedBy: 'sold_out',
    });

    const late = await bidOn(lot.lotId, cy.token, 2_000);
    expect(late.status).toBe(409);
    expect(late.body.data.code).toBe('LOT_SOLD_OUT');
    expect(late.body.data.message).toBe('This lot is sold out: no bottles are left to bid on');
    const again = await buyNow(cy, lot.lotId, 1);
    expect(again.body.data.code).toBe('LOT_SOLD_OUT');
    expect(again.body.data.message).toBe('This lot is sold out');

    // A lot won at auction beside it, closing later: once its invoice is out, the invoicing process has
    // read past the sold-out lot's close, and issued nothing for it.
    const control = await service.listLot({
      auction: true,
      buyNow: false,
      openingBid: 1_000,
      reserve: null,
      closesAt: new Date(service.clock.now().getTime() + 3 * DAY).toISOString(),
    });
    expect((await bidOn(control.lotId, cy.token, 1_000)).status).toBe(200);
    service.clock.advance(4 * DAY);
    await eventually(
      () => loadInvoice(auctionInvoiceId(control.lotId)),
      (i) => i.status === 'issued',
      'the control lot invoice',
    );
    expect(
      await service.service.streams.store.readStream(invoiceStream(auctionInvoiceId(lot.lotId))),
    ).toEqual([]);
    expect((await lotEvents(lot.lotId)).filter((e) => e.type === 'LotClosed')).toHaveLength(1);
    expect(charges - before).toBe(1);
  });

  it('sells at auction only the bottle buy now left, and invoices that quantity', async () => {
    const [dee, eli] = [await user(), await user()];
    const lot = await twoBottles();
    const before = charges;
    expect((await buyNow(dee, lot.lotId, 1)).status).toBe(200);
    expect(charges - before).toBe(1);
    expect((await bidOn(lot.lotId, eli.token, 1_000)).status).toBe(200);
    service.clock.advance(4 * DAY);
    const invoice = await eventually(
      () => loadInvoice(auctionInvoiceId(lot.lotId)),
      (i) => i.status === 'issued',
      'the auction invoice',
    );
    if (invoice.status !== 'issued') throw new Error('not issued');
    expect(invoice.issued.buyerId).toBe(eli.id);
    expect(invoice.issued.lines).toMatchObject([{ lotId: lot.lotId, qty: 1, amount: 1_000 }]);
    const closed = (await lotEvents(lot.lotId)).find((e) => e.type === 'LotClosed');
    expect(closed?.data).toMatchObject({
      outcome: 'sold',
      winnerId: eli.id,
      hammerPrice: 1_000,
      quantity: 1,
    });
    // Invoicing charges no card: only Dee's checkout did.
    expect(charges - before).toBe(1);
  });
});

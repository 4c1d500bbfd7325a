import { actions, type CheckoutResult } from '@wine/contracts';
import { cartStream, invoiceStream, lotStream, walletStream } from '@wine/event-schemas';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  hasThreeDSecure,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { lotDecider } from '../lots/decide.ts';
import { availableAt } from '../lots/lot.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from '../wallets/wallet.ts';

/**
 * The card network (CARD_NETWORK: the sandbox, or the Stripe adapter against a local double of
 * Stripe): every test says how many times it charged (issue 30).
 */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
/** The charges made since a test began, by the index of the first. */
const chargedSince = (from: number) => network.charges().slice(from);

let service: TestCommandService;
beforeAll(async () => {
  network = await openCardNetwork(networkName);
  service = await openTestCommandService({ network });
});
/** Issue 35 §1: after each test the payment ledger and the invoices agree. */
afterEach(async () => {
  expect((await checkLedger(service.service.streams.store)).disagreements).toEqual([]);
});
afterAll(async () => {
  await service.close();
  await network.close();
});

/** A buy-now-only lot at $50 a bottle, $45 from two bottles. */
const buyNowLot = (quantity: number) =>
  service.listLot({
    auction: false,
    buyNow: true,
    buyNowPrice: 5_000,
    quantity,
    discounts: [{ quantity: 2, price: 4_500 }],
  });

let n = 0;
async function buyer(card: string = network.testCards.visa) {
  n += 1;
  const user = await service.signUp(`buyer${n}@checkout.example`);
  const { cardId } = await service.addCard(user.token, card);
  return { ...user, cardId };
}

const addToCart = (token: string, lotId: string, qty: number) =>
  service.post(actions.addToCart.path, { cart: [{ product_id: lotId, qty }] }, { token });

const checkout = (token: string, input: Record<string, unknown>) =>
  service.post<CheckoutResult>(
    actions.checkout.path,
    { type: 'buynow', cart_id: `c${Math.random().toString(36).slice(2)}`, delivery: 'pickup', ...input },
    { token },
  );

const loadLot = async (lotId: string) => {
  const lot = await service.service.streams.load(lotStream(lotId), lotDecider);
  if (lot.status === 'empty') throw new Error('no lot');
  return lot;
};
const loadInvoice = (id: string) => service.service.streams.load(invoiceStream(id), invoiceDecider);

describe(`buy-now checkout, on ${on}`, () => {
  it('holds the lines, issues the invoice at the quantity-discount price plus Chicago tax, charges the card once and sells', async () => {
    const ann = await buyer();
    const lot = await buyNowLot(6);
    await addToCart(ann.token, lot.lotId, 2);
    const from = network.charges().length;
    const answer = await checkout(ann.token, { payment: { card_id: ann.cardId } });
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.message).toBe('Payment successful');
    const result = answer.body.data.responseData;
    expect(result.status).toBe('paid');
    const invoice = await loadInvoice(result.invoice_ids[0] as string);
    expect(invoice.status === 'issued' && invoice.amounts).toEqual({
      subtotal: 9_000,
      premiumPercent: 0,
      premium: 0,
      tax: 923, // 10.25% of $90.00, rounded to the cent
      total: 9_923,
    });
    expect(invoice.status === 'issued' && invoice.paid).toBe(9_923);
    expect(chargedSince(from).map((c) => [c.amount, c.refunded])).toEqual([[9_923, 0]]);
    const events = await service.service.streams.store.readStream(lotStream(lot.lotId));
    expect(events.map((e) => e.type)).toEqual(['LotListed', 'StockReserved', 'StockSold']);
    expect((await loadLot(lot.lotId)).sold).toBe(2);
    const cart = await service.service.streams.store.readStream(cartStream(ann.id));
    expect(cart.map((e) => e.type)).toEqual(['CartLineSet', 'CartLineRemoved']);
  });

  it("answers the provider's own payment path (seeds 001 'Payments') as the checkout: a retry at the other path charges once", async () => {
    const own = actions.checkout.providerPaths?.[networkName as 'stripe']?.[0];
    const bob = await buyer();
    const lot = await buyNowLot(3);
    await addToCart(bob.token, lot.lotId, 1);
    const body = {
      type: 'buynow',
      cart_id: 'c-provider-path',
      delivery: 'pickup',
      payment: { card_id: bob.cardId },
    };
    if (!own) {
      // The sandbox has no payment path of its own; Stripe's is not served beside it.
      const stripe = await service.post('/api/payment/stripe_payment', body, { token: bob.token });
      expect([stripe.status, stripe.body.data.code]).toEqual([404, 'NO_ACTION']);
      return;
    }
    const from = network.charges().length;
    const first = await service.post<CheckoutResult>(own, body, { token: bob.token, commandId: 'bob-pay-1' });
    const again = await service.post<CheckoutResult>(actions.checkout.path, body, {
      token: bob.token,
      commandId: 'bob-pay-1',
    });
    expect([first.status, first.body.data.responseData.status]).toEqual([200, 'paid']);
    expect(again.body.data.responseData).toEqual(first.body.data.responseData);
    expect(chargedSince(from)).toHaveLength(1);
  });

  it('sells exactly the stock when five buyers check out one bottle each of three at once', async () => {
    const lot = await buyNowLot(3);
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => buyer()));
    for (const b of buyers) await addToCart(b.token, lot.lotId, 1);
    const from = network.charges().length;
    const answers = await Promise.all(
      buyers.map((b) => checkout(b.token, { payment: { card_id: b.cardId } })),
    );
    const paid = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(paid).toHaveLength(3);
    expect(refused.map((a) => a.body.data.code)).toEqual(['OUT_OF_STOCK', 'OUT_OF_STOCK']);
    expect(refused[0]?.body.data.message).toMatch(/This lot is sold out|no longer for sale/);
    const state = await loadLot(lot.lotId);
    expect(state.sold).toBe(3);
    expect(availableAt(state, service.clock.now().getTime())).toBe(0);
    // The two refused were never charged.
    expect(chargedSince(from)).toHaveLength(3);
  });

  it('gives back every line it held when a later line fails, and names that line', async () => {
    const cat = await buyer();
    const plenty = await buyNowLot(10);
    const scarce = await buyNowLot(1);
    await addToCart(cat.token, plenty.lotId, 2);
    await addToCart(cat.token, scarce.lotId, 1);
    // Someone else buys the last bottle of the scarce lot first.
    const dan = await buyer();
    await addToCart(dan.token, scarce.lotId, 1);
    expect((await checkout(dan.token, { payment: { card_id: dan.cardId } })).status).toBe(200);

    const answer = await checkout(cat.token, { payment: { card_id: cat.cardId } });
    expect(answer.status).toBe(409);
    expect(answer.body.data.code).toBe('OUT_OF_STOCK');
    expect(answer.body.data.message).toContain(scarce.title);
    const plentyEvents = await service.service.streams.store.readStream(lotStream(plenty.lotId));
    expect(plentyEvents.map((e) => e.type)).toEqual(['LotListed', 'StockReserved', 'ReservationReleased']);
    expect(availableAt(await loadLot(plenty.lotId), service.clock.now().getTime())).toBe(10);
  });

  it('shows a declined card clearly and keeps nothing reserved; the cart stays', async () => {
    const eve = await buyer(network.testCards.chargeDeclined);
    const lot = await buyNowLot(4);
    await addToCart(eve.token, lot.lotId, 1);
    const from = network.charges().length;
    const answer = await checkout(eve.token, { payment: { card_id: eve.cardId } });
    expect(answer.status).toBe(402);
    expect(answer.body.data.code).toBe('PAYMENT_DECLINED');
    expect(answer.body.data.message).toBe('Your payment was declined: Your card was declined.');
    const state = await loadLot(lot.lotId);
    expect(state.holds).toEqual({});
    expect(availableAt(state, service.clock.now().getTime())).toBe(4);
    const events = await service.service.streams.store.readStream(cartStream(eve.id));
    expect(events.map((e) => e.type)).toEqual(['CartLineSet']);
    expect(chargedSince(from)).toHaveLength(0);
  });

  it.skipIf(!hasThreeDSecure(networkName))(
    'sends a card that needs authentication to the issuer page, and records it once confirmed',
    async () => {
      const fay = await buyer(network.testCards.authenticationRequired);
      const lot = await buyNowLot(4);
      await addToCart(fay.token, lot.lotId, 1);
      const from = network.charges().length;
      const answer = await checkout(fay.token, { payment: { card_id: fay.cardId } });
      expect(answer.status).toBe(200);
      const result = answer.body.data.responseData;
      expect(result.status).toBe('requires_action');
      if (networkName === 'sandbox') {
        expect(result.url).toMatch(/^\/sandbox\/authenticate\/ch_sbx_\w+\?return=%2Fcheckout_confirm/);
      } else {
        // The vendor's issuer page, on its own origin (the double's), in the same tab.
        expect(new URL(result.url as string).origin).not.toBe('http://localhost');
      }
      const chargeId = network.chargeIdIn(result.url as string);
      const confirmInput = { payment_id: result.payment_id, invoice_ids: result.invoice_ids };

      const early = await service.post<CheckoutResult>(actions.confirmPayment.path, confirmInput, {
        token: fay.token,
      });
      expect(early.body.data.responseData.status).toBe('requires_action');

      // The buyer passes the issuer's check: on the sandbox's page (the product's), or Stripe's.
      if (networkName === 'sandbox') {
        const approved = await service.post(
          actions.sandboxAuthenticate.path,
          { charge_id: chargeId, approve: true },
          { token: fay.token },
        );
        expect(approved.status).toBe(200);
      } else {
        await network.authenticate(chargeId, true);
      }
      const confirmed = await service.post<CheckoutResult>(actions.confirmPayment.path, confirmInput, {
        token: fay.token,
      });
      expect(confirmed.body.data.responseData.status).toBe('paid');
      expect((await loadLot(lot.lotId)).sold).toBe(1);
      // A second confirmation finds it paid and writes nothing more.
      const before = (await service.service.streams.store.readStream(lotStream(lot.lotId))).length;
      const again = await service.post<CheckoutResult>(actions.confirmPayment.path, confirmInput, {
        token: fay.token,
      });
      expect(again.body.data.responseData.status).toBe('paid');
      expect((await service.service.streams.store.readStream(lotStream(lot.lotId))).length).toBe(before);
      expect(chargedSince(from)).toHaveLength(1);
    },
  );

  it('refuses someone else\u2019s invoice on confirmation as unknown', async () => {
    const gus = await buyer(network.testCards.authenticationRequired);
    const lot = await buyNowLot(2);
    await addToCart(gus.token, lot.lotId, 1);
    const { payment_id, invoice_ids } = (await checkout(gus.token, { payment: { card_id: gus.cardId } })).body
      .data.responseData;
    const mallory = await buyer();
    const answer = await service.post(
      actions.confirmPayment.path,
      { payment_id, invoice_ids },
      { token: mallory.token },
    );
    expect(answer.status).toBe(404);
    expect(answer.body.data.code).toBe('INVOICE_NOT_FOUND');
  });

  it('refuses an address outside the US or with a ZIP of another state, writing nothing', async () => {
    const hal = await buyer();
    const lot = await buyNowLot(2);
    await addToCart(hal.token, lot.lotId, 1);
    const address = { address1: '1 Main St', city: 'Chicago', state: 'IL', zip: '10001' };
    const answer = await checkout(hal.token, {
      delivery: 'delivery',
      address,
      payment: { card_id: hal.cardId },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('ADDRESS_INVALID');
    expect(answer.body.data.message).toBe('We cannot deliver to this address: the ZIP code is not in IL');
    expect(await service.service.streams.store.readStream(lotStream(lot.lotId))).toHaveLength(1);
  });

  it('charges delivery at the delivery state rate (saveAddress quotes it first)', async () => {
    const ivy = await buyer();
    const lot = await buyNowLot(2);
    await addToCart(ivy.token, lot.lotId, 1);
    const address = { address1: '1 Main St', city: 'Springfield', state: 'Illinois', zip: '62701' };
    const quote = await service.post<{ cartValues: { tax: number; total: number; tax_rate: number } }>(
      actions.saveAddress.path,
      { type: 'buynow', cart_id: 'quote', delivery: 'delivery', address },
      { token: ivy.token },
    );
    // Issue 31: one bottle ships at the $25.00 minimum, which Illinois taxes with the wine: 6.25% of $75.00.
    expect(quote.body.data.responseData.cartValues).toMatchObject({
      tax_rate: 625,
      shipping: 2_500,
      tax: 469,
      total: 7_969,
    });
    const answer = await checkout(ivy.token, {
      delivery: 'delivery',
      address,
      payment: { card_id: ivy.cardId },
    });
    const invoice = await loadInvoice(answer.body.data.responseData.invoice_ids[0] as string);
    expect(invoice.status === 'issued' && invoice.amounts.total).toBe(7_969);
  });
});

describe(`wallet, on ${on}`, () => {
  it('buys credit by card, pays wallet first and the card for the rest', async () => {
    const jo = await buyer();
    const from = network.charges().length;
    const credit = await service.post<{ balance: number }>(
      actions.addCreditBalance.path,
      { amount: 2_000, card_id: jo.cardId },
      { token: jo.token },
    );
    expect(credit.body.data.responseData.balance).toBe(2_000);
    const lot = await buyNowLot(2);
    await addToCart(jo.token, lot.lotId, 1);
    const answer = await checkout(jo.token, { payment: { card_id: jo.cardId, use_wallet: true } });
    expect(answer.body.data.responseData.status).toBe('paid');
    const invoice = await loadInvoice(answer.body.data.responseData.invoice_ids[0] as string);
    if (invoice.status !== 'issued') throw new Error('no invoice');
    const methods = Object.values(invoice.payments).map((p) => [p.method, p.amount, p.status]);
    expect(methods).toEqual([
      ['wallet', 2_000, 'succeeded'],
      ['card', 5_513 - 2_000, 'succeeded'],
    ]);
    expect((await service.service.streams.load(walletStream(jo.id), walletDecider)).balance).toBe(0);
    // The credit bought, then the rest of the order: two charges.
    expect(chargedSince(from).map((c) => c.amount)).toEqual([2_000, 5_513 - 2_000]);
  });

  it('never goes below zero when two tabs spend it at once', async () => {
    const kim = await buyer();
    const from = network.charges().length;
    await service.post(
      actions.addCreditBalance.path,
      { amount: 6_000, card_id: kim.cardId },
      { token: kim.token },
    );
    const lotA = await buyNowLot(2);
    const lotB = await buyNowLot(2);
    await addToCart(kim.token, lotA.lotId, 1);
    // Two tabs, each with its own cart id, paying the same one-line cart with the wallet only.
    const tabs = await Promise.all([
      checkout(kim.token, { payment: { use_wallet: true } }),
      checkout(kim.token, { payment: { use_wallet: true } }),
    ]);
    void lotB;
    const codes = tabs
      .map((t) => (t.status === 200 ? t.body.data.responseData.status : t.body.data.code))
      .sort();
    expect(codes[1]).toBe('paid');
    expect(['OUT_OF_STOCK', 'WALLET_INSUFFICIENT', 'CART_EMPTY']).toContain(codes[0]);
    const wallet = await service.service.streams.load(walletStream(kim.id), walletDecider);
    expect(wallet.balance).toBe(6_000 - 5_513);
    expect(chargedSince(from).map((c) => c.amount)).toEqual([6_000]);
  });

  it('refuses a negative, fractional or oversized amount with nothing written', async () => {
    const lee = await buyer();
    const from = network.charges().length;
    for (const amount of [-100, 10.5, 0, 2_000_000]) {
      const answer = await service.post(
        actions.addCreditBalance.path,
        { amount, card_id: lee.cardId },
        { token: lee.token },
      );
      expect(answer.status).toBe(400);
    }
    expect(await service.service.streams.store.readStream(walletStream(lee.id))).toEqual([]);
    expect(chargedSince(from)).toHaveLength(0);
  });
});

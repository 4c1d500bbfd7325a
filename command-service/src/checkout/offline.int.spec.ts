import { actions, type CheckoutResult, type ReturnDecisionResult } from '@wine/contracts';
import { walletStream } from '@wine/event-schemas';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from '../wallets/wallet.ts';

let service: TestCommandService;
/** The card network these tests charge (CARD_NETWORK: the sandbox, or Stripe behind its local double). */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
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

describe(`offline payment, on ${on}`, () => {
  it('places a buy-now order unpaid with instructions, holds it, and sells when finance records the money', async () => {
    const cat = await service.signUp('cat@gifts.example');
    await service.addCard(cat.token);
    const finance = await service.signUp('finance@gifts.example', ['finance']);
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 4_000, quantity: 2 });
    await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 1 }] },
      { token: cat.token },
    );
    const placed = await service.post<{ status: string; invoice_ids: string[] }>(
      actions.payCartOffline.path,
      { type: 'buynow', cart_id: 'offline-1', delivery: 'pickup' },
      { token: cat.token },
    );
    expect(placed.body.data.responseData.status).toBe('unpaid');
    expect(placed.body.data.message).toMatch(
      /^Order placed\. Pay \$44\.10 by bank transfer quoting invoice B-/,
    );
    const invoiceId = placed.body.data.responseData.invoice_ids[0] as string;

    // A buyer cannot record their own payment.
    const self = await service.post(
      actions.recordOfflinePayment.path,
      { invoice_id: invoiceId, amount: 4_410, reference: 'x' },
      { token: cat.token },
    );
    expect(self.status).toBe(403);
    // Holds outlast the 15 minutes of a card checkout.
    service.clock.advance(60 * 60_000);
    const recorded = await service.post<{ status: string }>(
      actions.recordOfflinePayment.path,
      { invoice_id: invoiceId, amount: 4_410, reference: 'wire 2026-11-24' },
      { token: finance.token },
    );
    expect(recorded.body.data.responseData.status).toBe('paid');
    const types = (await service.service.streams.store.readStream(`lot-${lot.lotId}`)).map((e) => e.type);
    expect(types).toEqual(['LotListed', 'StockReserved', 'StockSold']);
    const over = await service.post(
      actions.recordOfflinePayment.path,
      { invoice_id: invoiceId, amount: 1, reference: 'x' },
      { token: finance.token },
    );
    expect(over.body.data.code).toBe('INVOICE_PAID');
  });

  it('refuses finance its own offline order: no money recorded on it, no return of it decided, $110.25 from nothing no more', async () => {
    // The reproduction: a finance user orders two $50 bottles for themself to pay offline...
    const fay = await service.signUp('fay@finance.example', ['finance']);
    await service.addCard(fay.token);
    const other = await service.signUp('oli@finance.example', ['finance']);
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 12 });
    await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 2 }] },
      { token: fay.token },
    );
    const placed = await service.post<CheckoutResult>(
      actions.payCartOffline.path,
      { type: 'buynow', cart_id: 'fay-1', delivery: 'pickup' },
      { token: fay.token },
    );
    const invoiceId = placed.body.data.responseData.invoice_ids[0] as string;
    expect(placed.body.data.message).toMatch(/^Order placed\. Pay \$110\.25 /);
    const charged = network.charges().length;

    // ...records "money received" on it...
    const record = (token: string) =>
      service.post<{ status: string }>(
        actions.recordOfflinePayment.path,
        { invoice_id: invoiceId, amount: 11_025, reference: 'cash' },
        { token },
      );
    const own = await record(fay.token);
    expect([own.status, own.body.data.code]).toEqual([403, 'OWN_MONEY_RECORD']);
    expect(own.body.data.message).toBe(
      'You cannot act on your own money records; ask another member of staff',
    );
    // Another member of staff records the money really received.
    expect((await record(other.token)).body.data.responseData.status).toBe('paid');

    // ...asks for a return and accepts it to their wallet.
    const asked = await service.post<{ return_id: string }>(
      actions.raiseReturnRequest.path,
      { invoice_id: invoiceId, product_id: lot.lotId, qty: 2, reason: 'Corked' },
      { token: fay.token },
    );
    expect(asked.status).toBe(200);
    const decide = (token: string) =>
      service.post<ReturnDecisionResult>(
        actions.decideReturn.path,
        {
          invoice_id: invoiceId,
          return_id: asked.body.data.responseData.return_id,
          decision: 'accept',
          to: 'wallet',
          note: '',
        },
        { token },
      );
    const accepted = await decide(fay.token);
    expect([accepted.status, accepted.body.data.code]).toEqual([403, 'OWN_MONEY_RECORD']);
    expect((await service.service.streams.load(walletStream(fay.id), walletDecider)).balance).toBe(0);
    // Another member of staff decides it, marks the wine received and refunds it (issue 31).
    expect((await decide(other.token)).body.data.responseData).toMatchObject({
      status: 'accepted',
      amount: 11_025,
    });
    const ids = { invoice_id: invoiceId, return_id: asked.body.data.responseData.return_id };
    await service.post(actions.receiveReturn.path, { ...ids, good: 2, damaged: 0 }, { token: other.token });
    const refunded = await service.post<ReturnDecisionResult>(actions.refundReturn.path, ids, {
      token: other.token,
    });
    expect(refunded.body.data.responseData).toMatchObject({ status: 'refunded', refunded_wallet: 11_025 });
    expect((await service.service.streams.load(walletStream(fay.id), walletDecider)).balance).toBe(11_025);
    // No card was charged for any of it.
    expect(network.charges().length).toBe(charged);
  });
});

describe(`unpaid offline orders, on ${on}`, () => {
  // The buyers' open orders are followed from the log by the process managers, as in the product.
  let live: TestCommandService;
  beforeAll(async () => {
    live = await openTestCommandService({ network });
    await live.service.scheduler.start();
  });
  afterAll(async () => {
    await live.service.scheduler.stop();
    await live.close();
  });

  it('caps a buyer\u2019s unpaid offline orders at 3 and the bottles they hold at 24; a retried order is not counted twice', async () => {
    const gus = await live.signUp('gus@offline.example');
    await live.addCard(gus.token);
    const lot = await live.listLot({ auction: false, buyNow: true, buyNowPrice: 2_000, quantity: 100 });
    const order = async (cartId: string, qty: number) => {
      await live.post(
        actions.addToCart.path,
        { cart: [{ product_id: lot.lotId, qty }] },
        { token: gus.token },
      );
      return live.post<CheckoutResult>(
        actions.payCartOffline.path,
        { type: 'buynow', cart_id: cartId, delivery: 'pickup' },
        { token: gus.token },
      );
    };
    const charged = network.charges().length;
    expect((await order('gus-1', 20)).body.data.responseData.status).toBe('unpaid');
    const tooMany = await order('gus-2', 5);
    expect([tooMany.status, tooMany.body.data.code]).toEqual([409, 'OFFLINE_HOLD_CAPPED']);
    expect(tooMany.body.data.message).toBe(
      'Unpaid offline orders may hold at most 24 bottles; pay an order or order fewer bottles',
    );
    expect((await order('gus-2', 2)).body.data.responseData.status).toBe('unpaid');
    expect((await order('gus-3', 1)).body.data.responseData.status).toBe('unpaid');
    const fourth = await order('gus-4', 1);
    expect([fourth.status, fourth.body.data.code]).toEqual([409, 'OFFLINE_ORDERS_CAPPED']);
    expect(fourth.body.data.message).toBe(
      'You have 3 offline orders waiting for payment; pay one before placing another',
    );
    // The first order placed again (a retry) answers what it did.
    const retried = await live.post<CheckoutResult>(
      actions.payCartOffline.path,
      { type: 'buynow', cart_id: 'gus-1', delivery: 'pickup' },
      { token: gus.token },
    );
    expect(retried.body.data.responseData.status).toBe('unpaid');
    const held = (await live.service.streams.store.readStream(`lot-${lot.lotId}`)).filter(
      (e) => e.type === 'StockReserved',
    );
    expect(held).toHaveLength(3);
    expect(network.charges().length).toBe(charged);
  });

  it('judges a burst of offline orders one at a time: six at once, three placed', async () => {
    const hal = await live.signUp('hal@offline.example');
    await live.addCard(hal.token);
    const lot = await live.listLot({ auction: false, buyNow: true, buyNowPrice: 2_000, quantity: 100 });
    await live.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 1 }] },
      { token: hal.token },
    );
    const charged = network.charges().length;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        live.post<CheckoutResult>(
          actions.payCartOffline.path,
          { type: 'buynow', cart_id: `hal-${i}`, delivery: 'pickup' },
          { token: hal.token },
        ),
      ),
    );
    const outcomes = answers.map((a) => a.body.data.code ?? a.body.data.responseData.status).sort();
    expect(outcomes).toEqual([
      'OFFLINE_ORDERS_CAPPED',
      'OFFLINE_ORDERS_CAPPED',
      'OFFLINE_ORDERS_CAPPED',
      'unpaid',
      'unpaid',
      'unpaid',
    ]);
    const held = (await live.service.streams.store.readStream(`lot-${lot.lotId}`)).filter(
      (e) => e.type === 'StockReserved',
    );
    expect(held).toHaveLength(3);
    expect(network.charges().length).toBe(charged);
  });
});

import { randomUUID } from 'node:crypto';
import { actions, type CheckoutResult, type Transaction } from '@wine/contracts';
import { cardNetworkFromEnv, cardNetworkTitles, hasThreeDSecure } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace } from './support/marketplace.ts';

/**
 * Issue 35 §2 (seeds 001 §7 getPendingTransaction, getPendingOnCartTransaction): a payment waiting for
 * the buyer's check at the card issuer is listed as waiting, to its buyer only, until it is settled.
 */
let market: TestMarketplace;
beforeAll(async () => {
  market = await startMarketplace({ seed: false });
}, 120_000);
afterAll(() => market?.stop());

describe(`payments waiting, on ${cardNetworkTitles[cardNetworkFromEnv()]}`, () => {
  it.skipIf(!hasThreeDSecure())(
    'lists a payment waiting for the issuer check to its buyer, for its checkout, and not once paid',
    async () => {
      const gus = await market.bidder({ firstName: 'Gus', card: false });
      const card_token = await market.cards.tokenize({
        number: market.cards.testCards.authenticationRequired,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
        nameOnCard: 'Gus',
      });
      const cards = await market.ok<{ data: { id: string }[] }>(
        actions.addCard.path,
        { card_token, name_on_card: 'Gus' },
        gus.auth,
      );
      const input = lotInput({
        auction: false,
        buyNow: true,
        buyNowPrice: 4_000,
        quantity: 3,
        openingBid: 0,
      });
      const lot = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
      await market.ok(actions.addToCart.path, { cart: [{ product_id: lot.id, qty: 1 }] }, gus.auth);
      const result = await market.ok<CheckoutResult>(
        actions.checkout.path,
        {
          type: 'buynow',
          cart_id: randomUUID(),
          delivery: 'pickup',
          payment: { card_id: cards.data[0]?.id },
        },
        gus.auth,
      );
      expect(result.status).toBe('requires_action');
      await market.caughtUp();
      const waiting = await market.ok<{ records: Transaction[]; totalRecords: number }>(
        actions.getPendingTransaction.path,
        {},
        gus.auth,
      );
      expect(waiting.records.map((r) => [r.invoice_id, r.status, r.method])).toEqual([
        [result.invoice_ids[0], 'action_required', 'card'],
      ]);
      const onCart = await market.ok<{ records: Transaction[] }>(
        actions.getPendingOnCartTransaction.path,
        { invoice_ids: result.invoice_ids },
        gus.auth,
      );
      expect(onCart.records).toHaveLength(1);
      // Someone else asking for Gus's invoices sees nothing of them.
      const eve = await market.bidder({ firstName: 'Eve', card: false });
      const peek = await market.ok<{ records: Transaction[] }>(
        actions.getPendingOnCartTransaction.path,
        { invoice_ids: result.invoice_ids },
        eve.auth,
      );
      expect(peek.records).toEqual([]);
      expect((await market.post(actions.getPendingTransaction.path, {})).http).toBe(403);

      await market.cards.authenticate(market.cards.chargeIdIn(result.url as string), true);
      await market.ok(
        actions.confirmPayment.path,
        { payment_id: result.payment_id, invoice_ids: result.invoice_ids },
        gus.auth,
      );
      await market.caughtUp();
      const after = await market.ok<{ records: Transaction[] }>(
        actions.getPendingTransaction.path,
        {},
        gus.auth,
      );
      expect(after.records).toEqual([]);
    },
  );
});

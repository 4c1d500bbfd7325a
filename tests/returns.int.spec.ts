import {
  actions,
  type CartView,
  type CheckoutResult,
  type InvoiceDetail,
  type ReportPage,
  type ReturnDecisionResult,
} from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const clock = offsetClock();
let market: TestMarketplace;
let finance: TestUser;

beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock, staffRateLimit: 100_000 });
  finance = await market.staff('finance');
});
afterAll(() => market?.stop());

const day = (ms: number) => new Date(clock.now().getTime() + ms).toISOString().slice(0, 10);
const cardOf = async (user: TestUser) =>
  (await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, user.auth)).data[0]?.id as string;

/** ann wins a 3-bottle lot at $400 and pays $100 of it from her wallet, the rest by card. */
async function wonAndPaid() {
  const ann = await market.bidder({ firstName: 'Ann' });
  const input = lotInput({
    quantity: 3,
    openingBid: 40_000,
    closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
  });
  const { id: lotId } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
  await market.ok(actions.bidConfirm.path, { id: lotId, wsprice: 40_000 }, ann.auth);
  await market.ok(actions.addCreditBalance.path, { amount: 10_000, card_id: await cardOf(ann) }, ann.auth);
  clock.advance(2 * HOUR);
  const cart = await eventually(
    () => market.ok<CartView>(actions.auctionCart.path, {}, ann.auth),
    (c) => c.cartItems.length === 1,
  );
  const invoiceId = cart.cartItems[0]?.invoice_id as string;
  const paid = await market.ok<CheckoutResult>(
    actions.checkout.path,
    {
      type: 'auction',
      cart_id: invoiceId,
      delivery: 'pickup',
      payment: { card_id: await cardOf(ann), use_wallet: true },
    },
    ann.auth,
  );
  expect(paid.status).toBe('paid');
  await market.caughtUp();
  return { ann, lotId, invoiceId };
}

const eventsOf = async (invoiceId: string) =>
  (await market.eventStore.readAll()).filter((e) => e.streamName === `invoice-${invoiceId}`);

describe('a partial return through the whole product (issue 31)', () => {
  it('returns 1 of 3 bottles: the invoice, the wallet and card refund and the tax report agree to the cent', async () => {
    const { ann, lotId, invoiceId } = await wonAndPaid();
    const before = await market.ok<InvoiceDetail>(actions.invoice.path, { id: invoiceId }, ann.auth);
    const { subtotal, premium, tax, total } = before.cartValues;
    expect([subtotal, premium, before.paid]).toEqual([40_000, 8_000, total]);
    const taxReport = async (asOf?: string) =>
      market.ok<ReportPage>(
        actions.getTaxCollected.path,
        { from: day(-DAY), to: day(DAY), limit: 500, ...(asOf && { asOf }) },
        finance.auth,
      );
    const taxBefore = (await taxReport()).totals.tax as number;

    // One bottle of three: a third of what the lot cost, rounded down (the lot is the only line).
    const asked = await market.ok<{ return_id: string; amount: number }>(
      actions.raiseReturnRequest.path,
      { invoice_id: invoiceId, product_id: lotId, qty: 1, reason: 'Corked' },
      ann.auth,
    );
    const amount = Math.floor(total / 3);
    expect(asked.amount).toBe(amount);
    const ids = { invoice_id: invoiceId, return_id: asked.return_id };

    // The buyer cannot decide her own return; finance accepts it and marks the bottle received.
    const own = await market.post(actions.decideReturn.path, { ...ids, decision: 'accept' }, ann.auth);
    expect(own.http).toBe(403);
    await market.ok(actions.decideReturn.path, { ...ids, decision: 'accept' }, finance.auth);
    await market.ok(actions.receiveReturn.path, { ...ids, good: 1, damaged: 0 }, finance.auth);
    const receivedAt = clock.now().toISOString();
    clock.advance(60_000);

    // Two refund requests at once, then the first one again with its x-command-id: one refund.
    const refund = (commandId: string) =>
      market.post<ReturnDecisionResult>(actions.refundReturn.path, ids, {
        ...finance.auth,
        'x-command-id': commandId,
      });
    const [first, second] = await Promise.all([refund('refund-a'), refund('refund-b')]);
    expect([first.http, second.http].filter((h) => h === 200).length).toBeGreaterThanOrEqual(1);
    const again = await refund('refund-a');
    expect(again.http).toBe(first.http);
    await market.caughtUp();

    const events = await eventsOf(invoiceId);
    const started = events.filter((e) => e.type === 'ReturnRefundStarted');
    const refunds = events.filter((e) => e.type === 'PaymentRefunded');
    expect(started).toHaveLength(1);
    const claim = started[0]?.data as { amount: number; tax: number; premium: number; price: number };
    expect(claim.amount).toBe(amount);
    expect(claim.price + claim.premium + claim.tax).toBe(amount);
    expect(claim.tax).toBe(Math.floor((amount * tax) / total));
    // Back the way it was paid: $100 of the total from the wallet, the rest by card, each its share.
    const parts = refunds.map((e) => e.data as { to: string; amount: number });
    const wallet = Math.floor((amount * 10_000) / total);
    expect(parts.map((p) => p.to).sort()).toEqual(['card', 'wallet']);
    expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(amount);
    expect(Math.abs((parts.find((p) => p.to === 'wallet')?.amount ?? 0) - wallet)).toBeLessThanOrEqual(1);

    // The invoice (finance opens the buyer's invoice) reads Partly refunded, with what went back.
    const after = await market.ok<InvoiceDetail>(actions.invoice.path, { id: invoiceId }, finance.auth);
    expect(after).toMatchObject({ returned: amount, return_status: 'partly_returned', paid: total });
    expect(after.returnTransactions.reduce((sum, t) => sum + t.amount, 0)).toBe(amount);
    // The wallet holds the wallet part again (the $100 it paid less that spent, plus the refund).
    const credit = await market.ok<{ records: { source: string; amount: number }[] }>(
      actions.getCreditHistory.path,
      {},
      ann.auth,
    );
    expect(credit.records.filter((r) => r.source === 'refund').map((r) => r.amount)).toEqual([
      parts.find((p) => p.to === 'wallet')?.amount,
    ]);

    // The tax report is net of the refund's tax, to the cent; as of before the refund, unreduced.
    expect((await taxReport()).totals.tax).toBe(taxBefore - claim.tax);
    expect((await taxReport(receivedAt)).totals.tax).toBe(taxBefore);
  });
});

import { randomUUID } from 'node:crypto';
import { actions, type CheckoutResult, type SellerStatement } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const DAY = 86_400_000;
const clock = offsetClock();
let market: TestMarketplace;
let finance: TestUser;

beforeAll(async () => {
  // One payout day, so moving the clock past it leaves the test's sessions signed in.
  market = await startMarketplace({
    seed: false,
    clock,
    staffRateLimit: 1_000_000,
    env: { SELLER_PAYOUT_DAYS: '1' },
  });
  finance = await market.staff('finance');
});
afterAll(() => market?.stop());

const cardOf = async (user: TestUser) => {
  const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, user.auth);
  return cards.data[0]?.id as string;
};

/** A seller's buy-now lot, 2 bottles of it bought and paid by card: the seller's one statement line. */
async function soldLine(seller: TestUser, price = 10_000) {
  // The close from the server's clock, which the specs move past payout days.
  const closesAt = new Date(clock.now().getTime() + 60 * DAY).toISOString();
  const input = lotInput({
    auction: false,
    buyNow: true,
    buyNowPrice: price,
    quantity: 6,
    openingBid: 0,
    closesAt,
  });
  const { id } = await market.sellerListing(seller, input);
  const buyer = await market.bidder();
  await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 2 }] }, buyer.auth);
  const paid = await market.ok<CheckoutResult>(
    actions.checkout.path,
    { type: 'buynow', cart_id: randomUUID(), delivery: 'pickup', payment: { card_id: await cardOf(buyer) } },
    buyer.auth,
  );
  expect(paid.status).toBe('paid');
  return { invoiceId: paid.invoice_ids[0] as string, lotId: id };
}

const statementOf = async (seller: TestUser) => {
  await market.caughtUp();
  return market.ok<SellerStatement>(actions.sellerStatement.path, {}, seller.auth);
};

const payout = (
  sellerId: string,
  lines: { invoiceId: string; lotId: string }[],
  reference = 'Check 1001',
) => ({
  sellerId,
  lines,
  reference,
  method: 'check',
});

const paidOutEvents = async (sellerId: string) =>
  (await market.eventStore.readStream(`payout-${sellerId}`)).filter((e) => e.type === 'SellerPaidOut');

describe('seller payouts (issue 33 "Sellers": the house pays the seller their statement lines)', () => {
  it('refuses a line before its payout day, pays it after at the statement net, once under two payouts at once', async () => {
    const seller = await market.staff('seller');
    const line = await soldLine(seller);
    const early = await market.post(actions.recordSellerPayout.path, payout(seller.id, [line]), finance.auth);
    expect(early.body).toMatchObject({ status: 'error', data: { code: 'LINE_NOT_PAYABLE' } });
    expect(await paidOutEvents(seller.id)).toEqual([]);

    clock.advance(DAY + 60_000);
    const before = await statementOf(seller);
    expect(before.lines.map((l) => [l.product_id, l.status, l.net])).toEqual([
      [line.lotId, 'payable', 17_500],
    ]);

    const [one, two] = await Promise.all([
      market.post(actions.recordSellerPayout.path, payout(seller.id, [line], 'Check 1'), finance.auth),
      market.post(actions.recordSellerPayout.path, payout(seller.id, [line], 'Check 2'), finance.auth),
    ]);
    const bodies = [one.body, two.body];
    expect(bodies.filter((b) => b.status === 'success')).toHaveLength(1);
    expect(bodies.filter((b) => b.status === 'error')).toMatchObject([
      { data: { code: 'LINE_ALREADY_PAID' } },
    ]);
    const written = await paidOutEvents(seller.id);
    expect(written).toHaveLength(1);
    expect(written[0]?.data).toMatchObject({
      lines: [{ ...line, net: 17_500 }],
      amount: 17_500,
      method: 'check',
    });

    const after = await statementOf(seller);
    const reference = (written[0]?.data as { reference?: string } | undefined)?.reference;
    expect(['Check 1', 'Check 2']).toContain(reference);
    expect(after.lines[0]).toMatchObject({ status: 'paid', payout: { reference, method: 'check' } });
    expect(after.totals).toMatchObject({ paid: 17_500, payable_now: 0 });
  });

  it('writes one payout for the same x-command-id sent twice', async () => {
    const seller = await market.staff('seller');
    const line = await soldLine(seller, 5_000);
    clock.advance(DAY + 60_000);
    const headers = { ...finance.auth, 'x-command-id': `payout-${randomUUID()}` };
    const first = await market.post(actions.recordSellerPayout.path, payout(seller.id, [line]), headers);
    const again = await market.post(actions.recordSellerPayout.path, payout(seller.id, [line]), headers);
    expect(first.body.status).toBe('success');
    expect(again.body.status).toBe('success');
    expect(await paidOutEvents(seller.id)).toHaveLength(1);
  });

  it('refuses a finance user who is the seller, a seller, another seller named, and hostile bodies, writing nothing', async () => {
    const both = await market.staff('finance', 'seller');
    const own = await soldLine(both);
    const seller = await market.staff('seller');
    const line = await soldLine(seller);
    clock.advance(DAY + 60_000);
    const self = await market.post(actions.recordSellerPayout.path, payout(both.id, [own]), both.auth);
    expect(self.body).toMatchObject({ status: 'error', data: { code: 'OWN_MONEY_RECORD' } });
    const bySeller = await market.post(
      actions.recordSellerPayout.path,
      payout(seller.id, [line]),
      seller.auth,
    );
    expect([bySeller.http, bySeller.body]).toMatchObject([403, { data: { code: 'ROLE_REQUIRED' } }]);
    // Someone else's line under this seller's name.
    const other = await market.post(actions.recordSellerPayout.path, payout(seller.id, [own]), finance.auth);
    expect(other.body).toMatchObject({ status: 'error', data: { code: 'NOT_SELLERS_LINE' } });

    const unknownKey = await market.post(
      actions.recordSellerPayout.path,
      { ...payout(seller.id, [line]), amount: 1 },
      finance.auth,
    );
    expect(unknownKey.http).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => ({ invoiceId: `inv-${i}`, lotId: line.lotId }));
    const tooMany = await market.post(actions.recordSellerPayout.path, payout(seller.id, many), finance.auth);
    expect(tooMany.http).toBe(400);
    const twice = await market.post(
      actions.recordSellerPayout.path,
      payout(seller.id, [line, line]),
      finance.auth,
    );
    expect(twice.http).toBe(400);
    expect(await paidOutEvents(seller.id)).toEqual([]);
    expect(await paidOutEvents(both.id)).toEqual([]);
    expect((await statementOf(seller)).lines[0]?.status).toBe('payable');
  });

  it('keeps how the seller wants to be paid, from the session, and shows it on the statement', async () => {
    const seller = await market.staff('seller');
    const set = await market.post(
      actions.setSellerPayoutPreference.path,
      { payee: 'Sam Cellar LLC', method: 'bank_transfer', note: 'Wire to the account on file' },
      seller.auth,
    );
    expect(set.body.status).toBe('success');
    const statement = await statementOf(seller);
    expect(statement.preference).toMatchObject({
      payee: 'Sam Cellar LLC',
      method: 'bank_transfer',
      note: 'Wire to the account on file',
    });
    const named = await market.post(
      actions.setSellerPayoutPreference.path,
      { payee: 'X', method: 'check', sellerId: 'someone' },
      seller.auth,
    );
    expect(named.http).toBe(400);
    const buyer = await market.bidder({ card: false });
    const notSeller = await market.post(
      actions.setSellerPayoutPreference.path,
      { payee: 'X', method: 'check' },
      buyer.auth,
    );
    expect(notSeller.body).toMatchObject({ status: 'error', data: { code: 'ROLE_REQUIRED' } });
  });

  it('lists to finance the sellers with payable lines and their nets', async () => {
    const seller = await market.staff('seller');
    const line = await soldLine(seller, 20_000);
    clock.advance(DAY + 60_000);
    await market.caughtUp();
    const { sellers } = await market.ok<{
      sellers: { seller: { id: string }; lines: { invoice_id: string; net: number }[]; total: number }[];
    }>(actions.staffSellerPayables.path, {}, finance.auth);
    const mine = sellers.find((s) => s.seller.id === seller.id);
    expect(mine).toMatchObject({ lines: [{ invoice_id: line.invoiceId, net: 35_500 }], total: 35_500 });
    const denied = await market.post(actions.staffSellerPayables.path, {}, seller.auth);
    expect(denied.body).toMatchObject({ status: 'error', data: { code: 'ROLE_REQUIRED' } });
  });
});

import { randomUUID } from 'node:crypto';
import { grantRoleByEmail } from '@wine/command-service';
import {
  actions,
  type BidCancelResult,
  type BidHistoryRow,
  type CartView,
  type StaffLotBids,
} from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const HOUR = 3600_000;
const clock = offsetClock();
let market: TestMarketplace;
let admin: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock, staffRateLimit: 1_000_000 });
  admin = await market.staff('admin');
}, 120_000);
afterAll(() => market?.stop());

const bid = (user: TestUser, id: string, dollars: number) =>
  market.ok(actions.bidConfirm.path, { id, wsprice: dollars * 100 }, user.auth);
const types = async (id: string) => (await market.eventStore.readStream(lotStream(id))).map((e) => e.type);
const mailsTo = async (user: TestUser) => (await market.mailer.outbox?.({ to: user.email })) ?? [];

/** A lot opening at $250: ann's $500 leads at $250, bob's $300 is answered for ann at $320, cat's $600 leads at $550. */
async function threeBidders(over: Parameters<typeof lotInput>[0] = {}) {
  const { id } = await market.ok<{ id: string }>(
    actions.createLot.path,
    lotInput({
      title: '2005 Ch. Léoville Las Cases',
      closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
      ...over,
    }),
    admin.auth,
  );
  const [ann, bob, cat] = [
    await market.bidder({ firstName: 'Ann' }),
    await market.bidder({ firstName: 'Bob' }),
    await market.bidder({ firstName: 'Cat' }),
  ];
  await bid(ann, id, 500);
  await bid(bob, id, 300);
  await bid(cat, id, 600);
  return { id, ann, bob, cat } as { id: string; ann: TestUser; bob: TestUser; cat: TestUser };
}

describe('bid cancel (issue 33)', () => {
  it('re-prices the lot as the ladder says without the bidder, and tells the cancelled bidder and the new leader', async () => {
    const { id, ann, cat } = await threeBidders();
    const result = await market.ok<BidCancelResult>(
      actions.bidCancel.path,
      { id, bidderId: cat.id, reason: 'Shill bidding on behalf of the consignor' },
      admin.auth,
    );
    expect(result).toMatchObject({
      cancelled: 1,
      before: { price: 55_000, leaderId: cat.id },
      after: { price: 32_000, leaderId: ann.id, nextBid: 34_000 },
    });
    await market.caughtUp();
    const lot = await market.ok<{ wprice: number; next_bid: number; bid_count: number }>(
      actions.productLot.path,
      { id },
    );
    expect(lot).toMatchObject({ wprice: 32_000, next_bid: 34_000, bid_count: 3 });
    // The public history shows the ladder as it is now; the staff see the cancelled row declined.
    const history = await market.ok<{ records: BidHistoryRow[] }>(actions.bidHistory.path, { id });
    expect(history.records.map((r) => r.proposed_amount)).toEqual([32_000, 30_000, 25_000]);
    const staff = await market.ok<StaffLotBids>(actions.staffLotBids.path, { id }, admin.auth);
    expect(staff.records.filter((r) => r.declined).map((r) => [r.bidderId, r.amount])).toEqual(
      expect.arrayContaining([[cat.id, 55_000]]),
    );
    expect(staff.bidders.find((b) => b.bidderId === ann.id)).toMatchObject({
      status: 'winner',
      maxBid: 50_000,
    });
    expect(staff.bidders.find((b) => b.bidderId === cat.id)).toMatchObject({ status: 'outbid' });
    // Mailed once each: the reason to the cancelled bidder, the lead to ann.
    const toCat = await eventually(
      () => mailsTo(cat),
      (m) => m.some((x) => x.subject.includes('was cancelled')),
    );
    expect(toCat.find((m) => m.subject.includes('was cancelled'))?.text).toContain(
      'Shill bidding on behalf of the consignor',
    );
    const toAnn = await eventually(
      () => mailsTo(ann),
      (m) => m.some((x) => x.subject.startsWith('You now lead')),
    );
    expect(toAnn.filter((m) => m.subject.startsWith('You now lead'))).toHaveLength(1);
    // The next bid is the ladder's: $340 is taken and ann's maximum answers it.
    const dan = await market.bidder({ firstName: 'Dan' });
    await bid(dan, id, 340);
    await market.caughtUp();
    expect(await market.ok(actions.productLot.path, { id })).toMatchObject({ wprice: 36_000 });
  });

  it('extends the close when asked, and reopens an unsold lot only by the admin’s explicit choice', async () => {
    const { id, ann: annUser, bob, cat } = await threeBidders({ reserve: 100_000, lowEstimate: 120_000 });
    const extended = await market.ok<BidCancelResult>(
      actions.bidCancel.path,
      { id, bidderId: cat.id, reason: 'Duplicate account', extendMinutes: 120 },
      admin.auth,
    );
    expect(Date.parse(extended.closesAt) - clock.now().getTime()).toBeGreaterThan(119 * 60_000);
    expect(Date.parse(extended.closesAt) - clock.now().getTime()).toBeLessThanOrEqual(120 * 60_000);
    clock.advance(3 * HOUR);
    await eventually(
      () => types(id),
      (t) => t.includes('LotClosed'),
    );
    const closed = await market.post(
      actions.bidCancel.path,
      { id, bidderId: cat.id, reason: 'again' },
      admin.auth,
    );
    expect(closed.body).toMatchObject({ status: 'error', data: { code: 'BID_NOT_FOUND' } });
    const ann = (await market.ok<StaffLotBids>(actions.staffLotBids.path, { id }, admin.auth)).bidders.find(
      (b) => b.status !== 'outbid' || true,
    )?.bidderId as string;
    const refused = await market.post(
      actions.bidCancel.path,
      { id, bidderId: ann, reason: 'Unpaid history' },
      admin.auth,
    );
    expect(refused.body).toMatchObject({ status: 'error', data: { code: 'BID_CANCEL_CLOSED' } });
    const reopened = await market.ok<BidCancelResult>(
      actions.bidCancel.path,
      { id, bidderId: ann, reason: 'Unpaid history', reopen: true, extendMinutes: 60 },
      admin.auth,
    );
    expect(Date.parse(reopened.closesAt) - clock.now().getTime()).toBeGreaterThan(HOUR - 60_000);
    await market.caughtUp();
    expect(await market.ok(actions.productLot.path, { id })).toMatchObject({ market_status: 'open' });
    // The closed lot's cancelled bidder is told why, and the reopened lot's bidders are followed again:
    // bob, leading once ann's maximum is gone, is told when dan outbids him.
    const toAnn = await eventually(
      () => mailsTo(annUser),
      (m) => m.some((x) => x.subject.includes('was cancelled') && x.text.includes('Unpaid history')),
    );
    expect(toAnn.filter((m) => m.text.includes('Unpaid history'))).toHaveLength(1);
    const outbids = async () =>
      (await mailsTo(bob)).filter((m) => m.subject.toLowerCase().includes('outbid')).length;
    const before = await outbids();
    const dan = await market.bidder({ firstName: 'Dan' });
    await bid(dan, id, 400);
    await eventually(outbids, (n) => n === before + 1, 'the outbid mail after the reopen');
  });

  it('refuses another role, a finance user, a bid of the admin’s own, and writes a reused command id once', async () => {
    const { id, cat } = await threeBidders();
    const bidder = await market.bidder();
    const seller = await market.staff('seller');
    for (const headers of [{}, bidder.auth, seller.auth, (await market.staff('finance')).auth]) {
      const answer = await market.post(
        actions.bidCancel.path,
        { id, bidderId: cat.id, reason: 'x' },
        headers,
      );
      expect(answer.http).toBe(403);
    }
    const bad = [
      { id, reason: 'neither' },
      { id, bidId: 'b', bidderId: cat.id, reason: 'both' },
      { id, bidderId: cat.id, reason: '' },
      { id, bidderId: cat.id, reason: 'x'.repeat(501) },
      { id, bidderId: { $ne: null }, reason: 'x' },
      { id, bidderId: cat.id, reason: 'x', extendMinutes: -5 },
    ];
    for (const body of bad) {
      const answer = await market.post(actions.bidCancel.path, body, admin.auth);
      expect(answer.body, JSON.stringify(body)).toMatchObject({
        status: 'error',
        data: { code: 'VALIDATION' },
      });
    }
    // An admin who bids is a bidder: cancelling their own bid is refused (separation of duties).
    const bidding = await market.bidder({ firstName: 'Bidding' });
    await grantRoleByEmail(market.accounts, {
      email: bidding.email,
      role: 'admin',
      by: { kind: 'system', id: 'test' },
    });
    await bid(bidding, id, 1_000);
    const own = await market.post(
      actions.bidCancel.path,
      { id, bidderId: bidding.id, reason: 'Mine' },
      bidding.auth,
    );
    expect(own.body).toMatchObject({ status: 'error', data: { code: 'OWN_MONEY_RECORD' } });
    const before = (await types(id)).length;
    const headers = { ...admin.auth, 'x-command-id': `cancel-${randomUUID()}` };
    const [one, two] = await Promise.all([
      market.post(actions.bidCancel.path, { id, bidderId: cat.id, reason: 'Shill' }, headers),
      market.post(actions.bidCancel.path, { id, bidderId: cat.id, reason: 'Shill' }, headers),
    ]);
    expect([one.body.status, two.body.status]).toEqual(['success', 'success']);
    expect((await types(id)).slice(before)).toEqual(['BidsCancelled']);
  });
});

describe('manual award (issue 33)', () => {
  it('sells the lot to a chosen buyer at a price, issues the invoice as a close does, and refuses below the bid unconfirmed', async () => {
    const { id, ann } = await threeBidders();
    const dan = await market.bidder({ firstName: 'Dan' });
    const below = await market.post(
      actions.manualAward.path,
      { id, buyerId: dan.id, price: 40_000 },
      admin.auth,
    );
    expect(below.body).toMatchObject({ status: 'error', data: { code: 'AWARD_BELOW_BID' } });
    const noReason = await market.post(
      actions.manualAward.path,
      { id, buyerId: dan.id, price: 40_000, confirm: true },
      admin.auth,
    );
    expect(noReason.body).toMatchObject({ status: 'error', data: { code: 'AWARD_NEEDS_REASON' } });
    const unknown = await market.post(
      actions.manualAward.path,
      { id, buyerEmail: 'nobody@example.com', price: 70_000 },
      admin.auth,
    );
    expect(unknown.body).toMatchObject({ status: 'error', data: { code: 'AWARD_BUYER_UNKNOWN' } });
    const self = await market.post(
      actions.manualAward.path,
      { id, buyerId: admin.id, price: 70_000 },
      admin.auth,
    );
    expect(self.body).toMatchObject({ status: 'error', data: { code: 'OWN_MONEY_RECORD' } });

    const awarded = await market.ok(
      actions.manualAward.path,
      { id, buyerEmail: dan.email, price: 70_000 },
      admin.auth,
    );
    expect(awarded).toMatchObject({ winnerId: dan.id, hammerPrice: 70_000 });
    expect((await types(id)).slice(-2)).toEqual(['LotAwarded', 'LotClosed']);
    const cart = await eventually(
      () => market.ok<CartView>(actions.auctionCart.path, {}, dan.auth),
      (c) => c.cartItems.length === 1,
    );
    expect(cart.cartItems[0]).toMatchObject({ product_id: id, amount: 70_000 });
    expect(cart.cartValues).toMatchObject({ subtotal: 70_000, premium: 14_000 });
    // Sold once: a second award, or a late bid, is refused.
    const again = await market.post(
      actions.manualAward.path,
      { id, buyerId: ann.id, price: 80_000 },
      admin.auth,
    );
    expect(again.body).toMatchObject({ status: 'error', data: { code: 'LOT_ALREADY_SOLD' } });
    const late = await market.post(actions.bidConfirm.path, { id, wsprice: 90_000 }, ann.auth);
    expect(late.body.status).toBe('error');
  });

  it('sells once under two awards at once, and writes one award for the same x-command-id twice', async () => {
    const { id } = await threeBidders();
    const [dan, eve] = [await market.bidder({ firstName: 'Dan' }), await market.bidder({ firstName: 'Eve' })];
    const two = await Promise.all(
      [dan, eve].map((buyer) =>
        market.post(actions.manualAward.path, { id, buyerId: buyer.id, price: 70_000 }, admin.auth),
      ),
    );
    expect(two.map((a) => a.body.status).sort()).toEqual(['error', 'success']);
    expect(two.find((a) => a.body.status === 'error')?.body).toMatchObject({
      data: { code: 'LOT_ALREADY_SOLD' },
    });
    expect((await types(id)).filter((t) => t === 'LotAwarded')).toHaveLength(1);

    const again = (await threeBidders()).id;
    const headers = { ...admin.auth, 'x-command-id': `award-${randomUUID()}` };
    const same = await Promise.all(
      [1, 2].map(() =>
        market.post(actions.manualAward.path, { id: again, buyerId: dan.id, price: 70_000 }, headers),
      ),
    );
    expect(same.map((a) => a.body.status)).toEqual(['success', 'success']);
    expect((await types(again)).filter((t) => t === 'LotAwarded' || t === 'LotClosed')).toEqual([
      'LotAwarded',
      'LotClosed',
    ]);
    // An award charges no card: each lot Dan was awarded waits unpaid, once, in his auction cart.
    const danWonFirst = two[0]?.body.status === 'success';
    const expected = danWonFirst ? [id, again] : [again];
    const cart = await eventually(
      () => market.ok<CartView>(actions.auctionCart.path, {}, dan.auth),
      (c) => c.cartItems.length === expected.length,
    );
    expect(cart.cartItems.map((i) => i.product_id).sort()).toEqual([...expected].sort());
    expect(cart.cartValues).toMatchObject({ subtotal: 70_000 * expected.length });
  });

  it('lets a seller award their own lot only', async () => {
    const seller = await market.staff('seller');
    const other = await market.staff('seller');
    const { id } = await market.sellerListing(seller, lotInput());
    const buyer = await market.bidder();
    const theirs = await market.post(
      actions.sellerManualAward.path,
      { id, buyerId: buyer.id, price: 30_000 },
      other.auth,
    );
    expect(theirs.body).toMatchObject({ status: 'error', data: { code: 'NOT_YOUR_LOT' } });
    const asAdminPath = await market.post(
      actions.manualAward.path,
      { id, buyerId: buyer.id, price: 30_000 },
      seller.auth,
    );
    expect(asAdminPath.http).toBe(403);
    await market.ok(actions.sellerManualAward.path, { id, buyerId: buyer.id, price: 30_000 }, seller.auth);
    expect((await types(id)).slice(-2)).toEqual(['LotAwarded', 'LotClosed']);
  });
});

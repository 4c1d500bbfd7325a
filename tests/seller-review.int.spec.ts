import { randomUUID } from 'node:crypto';
import { actions, type SellerLotDetail, type StaffLotPage } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

/**
 * Issue 33 "Sellers": a seller's listing is a draft until an admin approves it (DOMAIN.md), tried over
 * HTTP against the whole product: the storefront never shows a draft, the review goes draft → submitted
 * → sent back with a note → submitted → approved (live, with the day's terms on the log), and every
 * step refuses the wrong caller before it writes.
 */
let market: TestMarketplace;
let seller: TestUser;
let other: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  seller = await market.staff('seller');
  other = await market.staff('seller');
}, 120_000);
afterAll(() => market?.stop());

const types = async (id: string) => (await market.eventStore.readStream(lotStream(id))).map((e) => e.type);
const draftOf = async (user: TestUser, over: Parameters<typeof lotInput>[0] = {}) =>
  market.ok<{ id: string }>(actions.sellerCreateLot.path, lotInput(over), user.auth);
const codeOf = async (path: string, body: unknown, headers: Record<string, string>) => {
  const { http, body: envelope } = await market.post(path, body, headers);
  return [http, envelope.status === 'success' ? 'success' : envelope.data.code];
};

describe('a seller’s listing', () => {
  it('is a draft the storefront never shows, and another seller never sees or touches', async () => {
    const { id } = await draftOf(seller, { title: '1996 Krug Clos du Mesnil' });
    expect(await types(id)).toEqual(['LotDrafted']);
    await market.caughtUp();
    expect(await codeOf(actions.productLot.path, { id }, {})).toEqual([404, 'NOT_FOUND']);
    const found = await market.ok<{ records: { id: string }[] }>(actions.productSearch.path, { limit: 100 });
    expect(found.records.map((lot) => lot.id)).not.toContain(id);
    const mine = await market.ok<SellerLotDetail>(actions.sellerLot.path, { id }, seller.auth);
    expect(mine).toMatchObject({ status: 'draft', reviewNote: null, bids: [], views: 0, watchers: 0 });
    // Another seller: not found (never "not yours", which would say it exists), and nothing written.
    expect(await codeOf(actions.sellerLot.path, { id }, other.auth)).toEqual([404, 'LOT_NOT_FOUND']);
    expect(await codeOf(actions.sellerSubmitLot.path, { id }, other.auth)).toEqual([403, 'NOT_YOUR_LOT']);
    expect(await codeOf(actions.sellerUpdateLot.path, { id, title: 'Mine now' }, other.auth)).toEqual([
      403,
      'NOT_YOUR_LOT',
    ]);
    // Nobody bids on a draft, and an admin does not edit it (it is sent back with a note instead).
    const bidder = await market.bidder();
    expect(await codeOf(actions.bidConfirm.path, { id, wsprice: 30_000 }, bidder.auth)).toEqual([
      404,
      'LOT_NOT_FOUND',
    ]);
    expect(await codeOf(actions.updateLot.path, { id, title: 'House title' }, market.admin)).toEqual([
      409,
      'LOT_IS_DRAFT',
    ]);
    expect(await types(id)).toEqual(['LotDrafted']);
  });

  it('is asked for by sellers only, before the body is read', async () => {
    const buyer = await market.bidder({ card: false });
    for (const [path, body] of [
      [actions.sellerListings.path, {}],
      [actions.sellerLot.path, { id: 'x' }],
      [actions.sellerCreateLot.path, lotInput()],
      [actions.sellerSubmitLot.path, { id: 'x' }],
    ] as const) {
      expect(await codeOf(path, body, {})).toEqual([403, 'SESSION_INVALID']);
      expect(await codeOf(path, body, buyer.auth)).toEqual([403, 'ROLE_REQUIRED']);
    }
    // A body naming another seller is not the seller's to give: the seller is the session's.
    expect(await codeOf(actions.sellerListings.path, { sellerId: other.id }, seller.auth)).toEqual([
      400,
      'VALIDATION',
    ]);
    const huge = await market.post(
      actions.sellerCreateLot.path,
      lotInput({ description: 'x'.repeat(200_000) }),
      seller.auth,
    );
    expect(huge.http).toBeGreaterThanOrEqual(400);
    expect(huge.http).toBeLessThan(500);
  });

  it('goes to the house, comes back with a note, and goes live once approved with the day’s terms', async () => {
    const { id } = await draftOf(seller, {
      title: '2010 Ch. Haut-Brion',
      reserve: 40_000,
      lowEstimate: 45_000,
    });
    await market.ok(actions.sellerSubmitLot.path, { id }, seller.auth);
    // While the house has it the seller waits; a submit retried changes nothing.
    expect(await codeOf(actions.sellerUpdateLot.path, { id, title: 'x' }, seller.auth)).toEqual([
      409,
      'LOT_UNDER_REVIEW',
    ]);
    await market.ok(actions.sellerSubmitLot.path, { id }, seller.auth);
    await market.caughtUp();
    const queue = await market.ok<StaffLotPage>(
      actions.staffLots.path,
      { status: 'submitted' },
      market.admin,
    );
    expect(queue.records.map((r) => r.id)).toContain(id);

    // A seller may not review; an admin who is the seller may not either (separation of duties).
    expect(await codeOf(actions.approveLot.path, { id }, seller.auth)).toEqual([403, 'ROLE_REQUIRED']);
    const both = await market.staff('admin', 'seller');
    const own = await market.ok<{ id: string }>(actions.sellerCreateLot.path, lotInput(), both.auth);
    await market.ok(actions.sellerSubmitLot.path, { id: own.id }, both.auth);
    expect(await codeOf(actions.approveLot.path, { id: own.id }, both.auth)).toEqual([403, 'OWN_LISTING']);
    expect(await codeOf(actions.sendBackLot.path, { id: own.id, note: 'ok' }, both.auth)).toEqual([
      403,
      'OWN_LISTING',
    ]);
    expect(await types(own.id)).toEqual(['LotDrafted', 'LotSubmitted']);

    const note = 'Please add the bottle’s fill level and a photo of the label.';
    expect(await codeOf(actions.sendBackLot.path, { id, note: 'x'.repeat(1001) }, market.admin)).toEqual([
      400,
      'VALIDATION',
    ]);
    await market.ok(actions.sendBackLot.path, { id, note }, market.admin);
    await market.caughtUp();
    const returned = await market.ok<SellerLotDetail>(actions.sellerLot.path, { id }, seller.auth);
    expect(returned).toMatchObject({ status: 'returned', reviewNote: note });
    await market.ok(
      actions.sellerUpdateLot.path,
      { id, condition: { fillLevel: 'in', label: 'clean', capsule: 'intact', packing: 'owc', notes: '' } },
      seller.auth,
    );
    await market.ok(actions.sellerSubmitLot.path, { id }, seller.auth);

    // Two admins approve at once, one of them twice with the same x-command-id: one listing.
    const second = await market.staff('admin');
    const headers = { ...market.admin, 'x-command-id': `approve-${randomUUID()}` };
    const answers = await Promise.all([
      market.post(actions.approveLot.path, { id }, headers),
      market.post(actions.approveLot.path, { id }, headers),
      market.post(actions.approveLot.path, { id }, second.auth),
    ]);
    expect(answers.map((a) => a.body.status)).toEqual(['success', 'success', 'success']);
    const written = await market.eventStore.readStream(lotStream(id));
    expect(written.filter((e) => e.type === 'LotListed')).toHaveLength(1);
    expect(written.filter((e) => e.type === 'LotApproved').map((e) => e.data)).toEqual([
      { terms: { commissionPercent: 10, lotFee: 500, payoutDays: 30 } },
    ]);
    await market.caughtUp();
    const live = await market.ok<{ title: string }>(actions.productLot.path, { id });
    expect(live.title).toBe('2010 Ch. Haut-Brion');

    // Live: the seller still edits their words, but the reserve and estimates are now the house's.
    expect(await codeOf(actions.sellerUpdateLot.path, { id, reserve: 30_000 }, seller.auth)).toEqual([
      403,
      'RESERVE_HOUSE_SET',
    ]);
    await market.ok(actions.sellerUpdateLot.path, { id, title: '2010 Château Haut-Brion' }, seller.auth);
    await market.ok(actions.updateLot.path, { id, reserve: 42_000 }, market.admin);

    // Bids, watchers and views, as the seller sees them: bidders numbered, never named.
    const ann = await market.bidder({ firstName: 'Ann' });
    await market.ok(actions.bidConfirm.path, { id, wsprice: 30_000 }, ann.auth);
    await market.ok(actions.addWatchlist.path, { project_id: id }, ann.auth);
    await market.ok(actions.increaseProductViewCount.path, { id }, ann.auth);
    await market.caughtUp();
    const doing = await market.ok<SellerLotDetail>(actions.sellerLot.path, { id }, seller.auth);
    expect(doing).toMatchObject({ status: 'open', bidCount: 1, watchers: 1, views: 1 });
    expect(doing.bids).toEqual([expect.objectContaining({ bidder: 1, amount: 25_000, leads: true })]);
    expect(JSON.stringify(doing.bids)).not.toContain(ann.id);
    const listings = await market.ok<{ records: { id: string; status: string; views: number }[] }>(
      actions.sellerListings.path,
      { status: 'live' },
      seller.auth,
    );
    expect(listings.records.find((r) => r.id === id)).toMatchObject({ status: 'open', views: 1 });
  });

  it('is taken back by its seller as a draft, and a withdrawn draft is never relisted', async () => {
    const { id } = await draftOf(seller);
    await market.ok(actions.sellerSubmitLot.path, { id }, seller.auth);
    await market.ok(actions.sellerWithdrawLot.path, { id, reason: 'Sold it privately' }, seller.auth);
    const relist = await codeOf(
      actions.relistLot.path,
      { id, closesAt: new Date(Date.now() + 86_400_000).toISOString() },
      market.admin,
    );
    expect(relist).toEqual([409, 'LOT_NOT_RELISTABLE']);
    expect(await codeOf(actions.approveLot.path, { id }, market.admin)).toEqual([409, 'LOT_NOT_SUBMITTED']);
    expect(await types(id)).toEqual(['LotDrafted', 'LotSubmitted', 'LotWithdrawn']);
  });

  it('asks for a new close when the seller’s passed while it waited', async () => {
    const { id } = await draftOf(seller);
    await market.ok(actions.sellerSubmitLot.path, { id }, seller.auth);
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(await codeOf(actions.approveLot.path, { id, closesAt: past }, market.admin)).toEqual([
      400,
      'CLOSE_IN_PAST',
    ]);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await market.ok(actions.approveLot.path, { id, closesAt: later }, market.admin);
    const listed = (await market.eventStore.readStream(lotStream(id))).find((e) => e.type === 'LotListed');
    expect(listed?.data).toMatchObject({ closesAt: later });
  });
});

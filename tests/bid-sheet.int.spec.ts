import { actions, type BidSheetView, sheetCost } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

/**
 * Issue 37 §6 through the running product: a bidder saves a bid sheet, the house places its lines on
 * the lots (the command side's process), and bidsheet/get (the read side) answers each line's status
 * and what remains of the limit; another bidder reads none of it.
 */
let market: TestMarketplace;
let admin: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  admin = await market.staff('admin');
}, 120_000);
afterAll(() => market?.stop());

const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await market.caughtUp();
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a bid sheet in the running product (issue 37 §6)', () => {
  it('is placed by the house within the limit, and the bidder reads each line and what remains', async () => {
    const lots: string[] = [];
    for (let i = 0; i < 3; i++) {
      const input = lotInput({ openingBid: 10_000, quantity: 1 });
      lots.push((await market.ok<{ id: string }>(actions.createLot.path, input, admin.auth)).id);
    }
    const { id: auctionId } = await market.ok<{ id: string }>(
      actions.createAuction.path,
      { title: 'Evening of Bordeaux', kind: 'timed', startsAt: at(-HOUR), firstCloseAt: at(24 * HOUR) },
      admin.auth,
    );
    await market.ok(actions.arrangeAuction.path, { id: auctionId, lotIds: lots }, admin.auth);
    const [ann, bob] = [await market.bidder({ firstName: 'Ann' }), await market.bidder({ firstName: 'Bob' })];
    // $1,000 with the 20% premium: $500 ($600) whole, then $300 ($360) whole, then $33 remain.
    await market.ok(
      actions.bidSheetSave.path,
      {
        auction_id: auctionId,
        limit: 100_000,
        lines: lots.map((lotId, i) => ({ lot_id: lotId, max: [50_000, 30_000, 20_000][i] })),
        groups: [],
      },
      ann.auth,
    );
    const sheet = await waitFor(
      () => market.ok<BidSheetView>(actions.bidSheetGet.path, { auction_id: auctionId }, ann.auth),
      (view) => view.lines.filter((l) => l.status === 'bidding').length === 2,
    );
    expect(sheet.lines.map((l) => [l.status, l.cap])).toEqual([
      ['bidding', 50_000],
      ['bidding', 30_000],
      ['waiting', null],
    ]);
    expect(sheet).toMatchObject({
      status: 'active',
      limit: 100_000,
      committed: sheetCost(50_000, 20) + sheetCost(30_000, 20),
      remaining: 100_000 - 96_000,
      locked: true,
    });
    const none = await market.ok<BidSheetView>(actions.bidSheetGet.path, { auction_id: auctionId }, bob.auth);
    expect(none).toMatchObject({ status: 'none', lines: [] });
  });
});

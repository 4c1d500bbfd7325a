import { actions, defaultBidIncrements } from '@wine/contracts';
import { bidSheetStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { bidSheetDecider } from './decide.ts';
import {
  bidder,
  checkEveryState,
  DAY,
  HOUR,
  lotEvents,
  sale,
  sheetEvents,
  sheetNow,
  withPremium,
} from './test-sales.ts';

/**
 * Issue 37 §6 through the API and the log: the house places a bid sheet's lines on the lots for the
 * bidder (timed lots through bid/confirm's engine, a live sale's as advance bids), within the limit
 * counted with the premium, records each close, raises a partly placed line when a lost lot gives its
 * budget back, and finishes after a crash what it started.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
});

const WAIT = { timeout: 10_000, interval: 20 };
const save = (token: string, body: unknown, commandId?: string) =>
  service.post(actions.bidSheetSave.path, body, { token, ...(commandId && { commandId }) });

/** The maximum the lot holds for `bidderId` (the last of their bids and raises), from its stream. */
async function maxOn(lotId: string, bidderId: string): Promise<number | null> {
  let max: number | null = null;
  for (const event of await lotEvents(service, lotId)) {
    if (event.type === 'BidPlaced' && event.data.bidderId === bidderId) max = event.data.maxAmount;
    if (event.type === 'MaxBidRaised' && event.data.bidderId === bidderId) max = event.data.maxAmount;
  }
  return max;
}

describe('the house placing a sheet on a timed sale', () => {
  it('bids each line’s cap on its lot for the bidder, the house named as acting for them, within the limit', async () => {
    const { auctionId, lots } = await sale(service, 3);
    const [l1, l2, l3] = lots as [string, string, string];
    const ann = await bidder(service, 'ann');
    // $1,200 with the 20% premium: $500 and $400 whole, $100 for the third.
    const saved = await save(ann.token, {
      auction_id: auctionId,
      limit: 120_000,
      lines: [
        { lot_id: l3, max: 30_000 },
        { lot_id: l1, max: 50_000 },
        { lot_id: l2, max: 40_000 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.responseData).toMatchObject({ status: 'active', limit: 120_000, lines: 3 });
    await vi.waitFor(async () => {
      expect(await maxOn(l1, ann.id)).toBe(50_000);
      expect(await maxOn(l2, ann.id)).toBe(40_000);
      expect(await maxOn(l3, ann.id)).toBe(10_000);
    }, WAIT);
    const bid = (await lotEvents(service, l1)).find((e) => e.type === 'BidPlaced');
    expect(bid?.metadata.actor).toEqual({ kind: 'system', id: 'bidsheet', actingAs: ann.id });
    expect(checkEveryState(await sheetEvents(service, auctionId, ann.id))).toBeGreaterThan(3);
  });

  it('raises the partly placed line when a lost lot gives budget back, and records wins with the premium', async () => {
    // One lot a minute: l1 closes in an hour, l2 a minute later, l3 a minute after that.
    const { auctionId, lots } = await sale(service, 3, { firstCloseIn: HOUR, lotsPerMinute: 1 });
    const [l1, l2, l3] = lots as [string, string, string];
    const [ann, bob] = [await bidder(service, 'ann'), await bidder(service, 'bob')];
    await save(ann.token, {
      auction_id: auctionId,
      limit: 120_000,
      lines: [
        { lot_id: l1, max: 50_000 },
        { lot_id: l2, max: 40_000 },
        { lot_id: l3, max: 30_000 },
      ],
    });
    await vi.waitFor(async () => expect(await maxOn(l3, ann.id)).toBe(10_000), WAIT);
    // Bob takes l1 from ann.
    const outbid = await service.post(
      actions.bidConfirm.path,
      { id: l1, wsprice: 60_000 },
      { token: bob.token },
    );
    expect(outbid.status).toBe(200);
    // l1 and l2 close; l3 is still open.
    service.clock.advance(HOUR + 61_000);
    await vi.waitFor(async () => {
      const sheet = await sheetNow(service, auctionId, ann.id);
      expect(sheet.lines.map((l) => l.status)).toEqual(['lost', 'won', 'bidding']);
    }, WAIT);
    const sheet = await sheetNow(service, auctionId, ann.id);
    // l2 won at its opening bid ($100 with $20 premium); l3 raised to its whole $300.
    expect(sheet.lines[1]).toMatchObject({ amount: 10_000, premium: 2_000 });
    await vi.waitFor(async () => expect(await maxOn(l3, ann.id)).toBe(30_000), WAIT);
    expect(checkEveryState(await sheetEvents(service, auctionId, ann.id))).toBeGreaterThan(5);
  });

  it('bids one lot of an either/or group at a time, and the next once the first is lost', async () => {
    const { auctionId, lots } = await sale(service, 2, { firstCloseIn: HOUR, lotsPerMinute: 1 });
    const [l1, l2] = lots as [string, string];
    const [ann, bob] = [await bidder(service, 'ann'), await bidder(service, 'bob')];
    await save(ann.token, {
      auction_id: auctionId,
      limit: 500_000,
      lines: [
        { lot_id: l1, max: 20_000 },
        { lot_id: l2, max: 20_000 },
      ],
      groups: [{ lot_ids: [l2, l1] }],
    });
    await vi.waitFor(async () => expect(await maxOn(l1, ann.id)).toBe(20_000), WAIT);
    expect(await maxOn(l2, ann.id)).toBeNull();
    await service.post(actions.bidConfirm.path, { id: l1, wsprice: 30_000 }, { token: bob.token });
    // l1 closes, lost: l2 (closing a minute later) is placed before it closes.
    service.clock.advance(HOUR + 1_000);
    await vi.waitFor(async () => expect(await maxOn(l2, ann.id)).toBe(20_000), WAIT);
  });

  it('waits for a sale that has not started, and places the lines when its lots open', async () => {
    const { auctionId, lots } = await sale(service, 1, { startsIn: HOUR, firstCloseIn: DAY });
    const [l1] = lots as [string];
    const ann = await bidder(service, 'ann');
    expect(
      (await save(ann.token, { auction_id: auctionId, limit: 100_000, lines: [{ lot_id: l1, max: 25_000 }] }))
        .status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await maxOn(l1, ann.id)).toBeNull();
    service.clock.advance(HOUR + 1_000);
    await vi.waitFor(async () => expect(await maxOn(l1, ann.id)).toBe(25_000), WAIT);
  });
});

describe('a live sale', () => {
  it('places the lines as advance bids before the auctioneer calls the lots', async () => {
    const { auctionId, lots } = await sale(service, 2, { kind: 'live' });
    const [l1, l2] = lots as [string, string];
    const ann = await bidder(service, 'ann');
    const saved = await save(ann.token, {
      auction_id: auctionId,
      limit: 30_000,
      lines: [
        { lot_id: l1, max: 20_000 },
        { lot_id: l2, max: 20_000 },
      ],
    });
    expect(saved.status).toBe(200);
    // $300 with the premium: $200 on l1 ($240), $50 left: less than l2's $100 opening bid.
    await vi.waitFor(async () => expect(await maxOn(l1, ann.id)).toBe(20_000), WAIT);
    const sheet = await sheetNow(service, auctionId, ann.id);
    expect(sheet.lines.map((l) => l.status)).toEqual(['bidding', 'waiting']);
    expect(withPremium(20_000)).toBe(24_000);
  });
});

describe('after a crash', () => {
  it('bids on the lot what the sheet recorded before the process stopped, once', async () => {
    // A service of its own whose processes have not started: the sheet's step is written, no bid yet.
    const crashed = await openTestCommandService();
    try {
      const { auctionId, lots } = await sale(crashed, 1);
      const [l1] = lots as [string];
      const ann = await bidder(crashed, 'ann');
      const saved = await crashed.post(
        actions.bidSheetSave.path,
        { auction_id: auctionId, limit: 100_000, lines: [{ lot_id: l1, max: 25_000 }] },
        { token: ann.token },
      );
      expect(saved.status).toBe(200);
      await crashed.service.streams.handle(
        bidSheetStream(auctionId, ann.id),
        bidSheetDecider,
        {
          type: 'PlaceLines',
          lots: { [l1]: { lotId: l1, takes: 'now', nextBid: 10_000, ownMax: null, sellerId: 'x' } },
          premiumPercent: 20,
          increments: defaultBidIncrements,
          canBid: true,
        },
        {
          commandId: 'bidsheet:place@1',
          correlationId: 'crash-spec',
          actor: { kind: 'system', id: 'bidsheet', actingAs: ann.id },
          now: crashed.clock.now(),
        },
      );
      const bidsOn = async () =>
        (await lotEvents(crashed, l1)).filter((e) => e.type === 'BidPlaced' && e.data.bidderId === ann.id);
      expect(await bidsOn()).toHaveLength(0);
      // The next start reads the log: the placement without its bid is completed, once.
      await crashed.service.scheduler.start();
      await vi.waitFor(async () => expect(await bidsOn()).toHaveLength(1), WAIT);
      const [bid] = await bidsOn();
      expect(bid?.type === 'BidPlaced' && bid.data.maxAmount).toBe(25_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(await bidsOn()).toHaveLength(1);
      await crashed.service.scheduler.stop();
    } finally {
      await crashed.close();
    }
  });
});

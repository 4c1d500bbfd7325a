import { actions, sheetCost } from '@wine/contracts';
import { type BidSheetEvent, bidSheetStream, type LotEvent, lotStream } from '@wine/event-schemas';
import { expect } from 'vitest';
import type { TestCommandService } from '../testing.ts';
import { bidSheetDecider } from './decide.ts';
import { type ActiveSheet, type BidSheet, committed } from './sheet.ts';

/** The API specs' sales: an auction of lots opening at $100, each seller's, and its staff. */
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

let n = 0;

/** A bidder with a card on file (or without). */
export async function bidder(service: TestCommandService, name: string, card = true) {
  n += 1;
  const user = await service.signUp(`${name}${n}@bidsheet.example`);
  if (card) await service.addCard(user.token);
  return user;
}

/**
 * An auction of `count` lots opening at $100 (one bottle each), in catalogue order: timed, open
 * since an hour ago by default, all closing at `firstCloseIn` (60 lots a minute) unless `lotsPerMinute`
 * staggers them; or a live sale a day ahead.
 */
export async function sale(
  service: TestCommandService,
  count: number,
  options: { kind?: 'timed' | 'live'; startsIn?: number; firstCloseIn?: number; lotsPerMinute?: number } = {},
) {
  n += 1;
  const admin = await service.signUp(`admin${n}@bidsheet.example`, ['admin']);
  const seller = await service.signUp(`seller${n}@bidsheet.example`, ['seller']);
  const kind = options.kind ?? 'timed';
  const now = service.clock.now().getTime();
  const lots: string[] = [];
  for (let i = 0; i < count; i++) {
    const lot = await service.listLot({
      auction: true,
      buyNow: false,
      openingBid: 10_000,
      quantity: 1,
      title: `Lot ${i + 1}`,
      sellerId: seller.id,
      closesAt: new Date(now + 7 * DAY).toISOString(),
    });
    lots.push(lot.lotId);
  }
  const startsIn = options.startsIn ?? (kind === 'live' ? DAY : -HOUR);
  const created = await service.post<{ id: string }>(
    actions.createAuction.path,
    {
      title: `Sale ${n}`,
      kind,
      startsAt: new Date(now + startsIn).toISOString(),
      firstCloseAt: new Date(now + (options.firstCloseIn ?? 2 * DAY)).toISOString(),
      lotsPerMinute: options.lotsPerMinute ?? 60,
    },
    { token: admin.token },
  );
  expect(created.status).toBe(200);
  const auctionId = created.body.data.responseData.id;
  const arranged = await service.post(
    actions.arrangeAuction.path,
    { id: auctionId, lotIds: lots },
    { token: admin.token },
  );
  expect(arranged.status).toBe(200);
  return { admin, seller, auctionId, lots };
}

export const sheetEvents = async (service: TestCommandService, auctionId: string, userId: string) =>
  (await service.service.streams.store.readStream(bidSheetStream(auctionId, userId))).map(
    (e) => ({ type: e.type, data: e.data }) as BidSheetEvent,
  );

export const lotEvents = async (service: TestCommandService, lotId: string) =>
  (await service.service.streams.store.readStream(lotStream(lotId))).map(
    (e) =>
      ({ type: e.type, data: e.data, metadata: e.metadata }) as LotEvent & { metadata: { actor: unknown } },
  );

/**
 * The sheet's invariant at every event of its stream: what it committed (placed open caps and lots won,
 * each with its premium) never above its limit. Answers how many states were checked.
 */
export function checkEveryState(events: readonly BidSheetEvent[]): number {
  let state: BidSheet = bidSheetDecider.initialState();
  let checked = 0;
  for (const event of events) {
    state = bidSheetDecider.evolve(state, event);
    if (state.status === 'empty') continue;
    expect(committed(state)).toBeLessThanOrEqual(state.limit);
    checked += 1;
  }
  return checked;
}

/** The sheet as folded from its stream now. */
export const sheetNow = async (service: TestCommandService, auctionId: string, userId: string) =>
  (await sheetEvents(service, auctionId, userId)).reduce(
    bidSheetDecider.evolve,
    bidSheetDecider.initialState(),
  ) as ActiveSheet;

/** What `amount` costs with the default 20% premium. */
export const withPremium = (amount: number) => sheetCost(amount, 20);

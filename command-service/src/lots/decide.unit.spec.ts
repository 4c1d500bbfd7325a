import type { LotEvent } from '@wine/event-schemas';
import { listedLot } from '@wine/platform/testing';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { type LotCommand, lotDecider } from './decide.ts';
import {
  $,
  annLeads,
  close,
  closedUnsold,
  decided,
  duringAuction,
  listed,
  placed,
  proxyAnswer,
  start,
} from './fixtures.ts';

const spec = deciderSpec(lotDecider);
const LISTED_TITLE = listedLot().title;

describe('lot decider: closing', () => {
  it('sells to the leader at the price, naming everyone else who bid', () => {
    const given = [
      listed(),
      annLeads(500),
      placed('bob', { max: 300, at: 300, next: 320, leads: false }),
      proxyAnswer('b-bob-300', 'ann', { max: 500, at: 320, next: 340 }),
      placed('cat', { max: 350, at: 350, next: 370, leads: false }),
      proxyAnswer('b-cat-350', 'ann', { max: 500, at: 370, next: 390 }),
    ];
    spec(given)
      .when({ type: 'CloseLot', now: close })
      .then([
        {
          type: 'LotClosed',
          data: {
            outcome: 'sold',
            winnerId: 'ann',
            hammerPrice: $(370),
            losers: ['bob', 'cat'],
            bidCount: 5,
            reserveMet: true,
            closesAt: close.toISOString(),
            quantity: 1,
            endedBy: 'close',
          },
        },
      ]);
  });

  it('leaves a lot unsold when the reserve was not met', () => {
    const given = [listed({ reserve: $(1000) }), annLeads(500, { reserveMet: false })];
    spec(given)
      .when({ type: 'CloseLot', now: close })
      .then([
        {
          type: 'LotClosed',
          data: {
            outcome: 'unsold',
            winnerId: null,
            hammerPrice: null,
            losers: ['ann'],
            bidCount: 1,
            reserveMet: false,
            closesAt: close.toISOString(),
            quantity: 0,
            endedBy: 'close',
          },
        },
      ]);
  });

  it('closes exactly once, and not before its time', () => {
    spec([listed()]).when({ type: 'CloseLot', now: duringAuction }).then([]);
    const closed = [listed(), closedUnsold];
    spec(closed).when({ type: 'CloseLot', now: close }).then([]);
  });
});

describe('lot decider: update and withdraw', () => {
  const admin = { kind: 'admin' } as const;
  it('updates details, recording only what changed', () => {
    spec([listed()])
      .when({
        type: 'UpdateLot',
        changes: { title: 'Latour 2010', producer: 'Château Latour' },
        by: admin,
        now: duringAuction,
      })
      .then([{ type: 'LotUpdated', data: { title: 'Latour 2010', changed: ['title'] } }]);
  });

  it('keeps the deal fixed once the lot has bids', () => {
    const given = [listed(), annLeads(300)];
    spec(given)
      .when({ type: 'UpdateLot', changes: { openingBid: $(50) }, by: admin, now: duringAuction })
      .thenThrows({ code: 'LOT_HAS_BIDS' });
  });

  it('lets a seller change and withdraw their own lots only', () => {
    spec([listed()])
      .when({ type: 'WithdrawLot', reason: 'sold privately', by: { kind: 'seller', userId: 'someone' } })
      .thenThrows({ code: 'NOT_YOUR_LOT' });
    spec([listed()])
      .when({ type: 'WithdrawLot', reason: 'sold privately', by: { kind: 'seller', userId: 'seller' } })
      .then([{ type: 'LotWithdrawn', data: { reason: 'sold privately' } }]);
  });

  it('cannot withdraw a closed lot', () => {
    spec([listed(), closedUnsold])
      .when({ type: 'WithdrawLot', reason: 'late', by: admin })
      .thenThrows({ code: 'LOT_NOT_OPEN' });
  });

  it('refuses editing or withdrawing a lot never listed, and editing a closed one', () => {
    spec([])
      .when({ type: 'UpdateLot', changes: { title: 'x' }, by: admin, now: duringAuction })
      .thenThrows({ code: 'LOT_NOT_FOUND' });
    spec([]).when({ type: 'WithdrawLot', reason: 'x', by: admin }).thenThrows({ code: 'LOT_NOT_FOUND' });
    spec([listed(), closedUnsold])
      .when({ type: 'UpdateLot', changes: { title: 'x' }, by: admin, now: close })
      .thenThrows({ code: 'LOT_NOT_OPEN' });
  });

  it('records nothing for an edit that changes nothing, or a second withdrawal', () => {
    spec([listed()])
      .when({ type: 'UpdateLot', changes: { title: LISTED_TITLE }, by: admin, now: duringAuction })
      .then([]);
    spec([listed(), { type: 'LotWithdrawn', data: { reason: 'first' } }])
      .when({ type: 'WithdrawLot', reason: 'again', by: admin })
      .then([]);
  });

  it('lets the description change after bids, but not the deal', () => {
    const given = [listed(), annLeads(300)];
    spec(given)
      .when({ type: 'UpdateLot', changes: { title: 'Latour 2010' }, by: admin, now: duringAuction })
      .then([{ type: 'LotUpdated', data: { title: 'Latour 2010', changed: ['title'] } }]);
    spec(given)
      .when({ type: 'UpdateLot', changes: { title: 'Latour', quantity: 2 }, by: admin, now: duringAuction })
      .thenThrows({ code: 'LOT_HAS_BIDS' });
  });

  it('refuses a close in the past, a minimum above the quantity, and a buy-now lot without a price', () => {
    spec([listed()])
      .when({
        type: 'UpdateLot',
        by: admin,
        now: duringAuction,
        changes: { closesAt: duringAuction.toISOString() },
      })
      .thenThrows({ code: 'CLOSE_IN_PAST' });
    spec([listed()])
      .when({ type: 'UpdateLot', by: admin, now: duringAuction, changes: { minimumQuantity: 2 } })
      .thenThrows({ code: 'MINIMUM_OVER_QUANTITY' });
    const buyNowLot = listed({ buyNow: true, buyNowPrice: $(900) });
    spec([buyNowLot])
      .when({ type: 'UpdateLot', by: admin, now: duringAuction, changes: { buyNowPrice: null } })
      .thenThrows({ code: 'BUY_NOW_NEEDS_PRICE' });
    spec([buyNowLot])
      .when({ type: 'UpdateLot', by: admin, now: duringAuction, changes: { buyNowPrice: $(800) } })
      .then([{ type: 'LotUpdated', data: { buyNowPrice: $(800), changed: ['buyNowPrice'] } }]);
  });

  it('refuses listing a lot id twice', () => {
    spec([listed()])
      .when({ type: 'ListLot', data: listedLot(), by: { kind: 'admin' }, now: duringAuction })
      .thenThrows({ code: 'LOT_ALREADY_LISTED' });
  });
});

describe('lot decider: estimates and the confidential reserve (issue 33)', () => {
  const admin = { kind: 'admin' } as const;
  const seller = { kind: 'seller', userId: 'seller' } as const;
  const estimated = { lowEstimate: $(800), highEstimate: $(1200) };
  const list = (data: Partial<Parameters<typeof listedLot>[0]>, by: typeof admin | typeof seller = admin) =>
    spec([]).when({ type: 'ListLot', data: listedLot(data), by, now: duringAuction });

  it('lists a reserve at or under the low estimate, and refuses a high estimate under the low one', () => {
    list({ ...estimated, reserve: $(800) }, seller).then([
      { type: 'LotListed', data: listedLot({ ...estimated, reserve: $(800) }) },
    ]);
    list({ lowEstimate: $(800), highEstimate: $(700) }).thenThrows({ code: 'ESTIMATES_ORDER' });
  });

  it('refuses a reserve above the low estimate unless an admin confirms it', () => {
    list({ ...estimated, reserve: $(900) }).thenThrows({ code: 'RESERVE_OVER_ESTIMATE' });
    list({ ...estimated, reserve: $(900), reserveConfirmed: true }).then([
      { type: 'LotListed', data: listedLot({ ...estimated, reserve: $(900), reserveConfirmed: true }) },
    ]);
    list({ ...estimated, reserve: $(900), reserveConfirmed: true }, seller).thenThrows({
      code: 'RESERVE_CONFIRM_ADMIN',
    });
  });

  it("checks a change against the lot as it would be: a seller cannot raise a reserve over the admin's estimate", () => {
    const given = [listed({ ...estimated, reserve: $(700) })];
    // In their draft the seller sets the reserve, never confirming one over the low estimate.
    const draft: LotEvent[] = [{ type: 'LotDrafted', data: listedLot({ ...estimated, reserve: $(700) }) }];
    spec(draft)
      .when({
        type: 'UpdateLot',
        by: seller,
        now: duringAuction,
        changes: { reserve: $(850), reserveConfirmed: true },
      })
      .thenThrows({ code: 'RESERVE_CONFIRM_ADMIN' });
    // Once live (issue 33 "Sellers"), the reserve and estimates are the house's.
    spec(given)
      .when({ type: 'UpdateLot', by: admin, now: duringAuction, changes: { lowEstimate: $(600) } })
      .thenThrows({ code: 'RESERVE_OVER_ESTIMATE' });
    spec(given)
      .when({
        type: 'UpdateLot',
        by: seller,
        now: duringAuction,
        changes: { reserve: $(850), reserveConfirmed: true },
      })
      .thenThrows({ code: 'RESERVE_HOUSE_SET' });
    spec(given)
      .when({
        type: 'UpdateLot',
        by: admin,
        now: duringAuction,
        changes: { reserve: $(850), reserveConfirmed: true },
      })
      .then([
        {
          type: 'LotUpdated',
          data: { reserve: $(850), reserveConfirmed: true, changed: ['reserve', 'reserveConfirmed'] },
        },
      ]);
    // The admin's confirmation stands while the seller changes what it does not cover.
    const confirmed = [listed({ ...estimated, reserve: $(900), reserveConfirmed: true })];
    spec(confirmed)
      .when({ type: 'UpdateLot', by: seller, now: duringAuction, changes: { title: 'Latour' } })
      .then([{ type: 'LotUpdated', data: { title: 'Latour', changed: ['title'] } }]);
    spec(confirmed)
      .when({ type: 'UpdateLot', by: seller, now: duringAuction, changes: { reserve: $(950) } })
      .thenThrows({ code: 'RESERVE_HOUSE_SET' });
  });
});

describe('lot decider: relist (issue 33)', () => {
  const admin = { kind: 'admin' } as const;
  const later = new Date(close.getTime() + 7 * 24 * 3600_000).toISOString();
  const relist = (newLotId = 'lot-2', by: typeof admin | { kind: 'seller'; userId: string } = admin) =>
    ({ type: 'RelistLot', newLotId, closesAt: later, by, now: close }) as const;
  const withdrawn: LotEvent = { type: 'LotWithdrawn', data: { reason: 'Cork failure' } };

  it('relists a withdrawn or unsold lot once, with the bottles it has left', () => {
    spec([listed({ quantity: 6 }), withdrawn])
      .when(relist())
      .then([{ type: 'LotRelisted', data: { newLotId: 'lot-2', quantity: 6 } }]);
    spec([listed(), closedUnsold])
      .when(relist())
      .then([{ type: 'LotRelisted', data: { newLotId: 'lot-2', quantity: 1 } }]);
    const relisted: LotEvent = { type: 'LotRelisted', data: { newLotId: 'lot-2', quantity: 1 } };
    // The same relist again (a retry) is done already; another is refused.
    spec([listed(), withdrawn, relisted]).when(relist()).then([]);
    spec([listed(), withdrawn, relisted]).when(relist('lot-3')).thenThrows({ code: 'LOT_ALREADY_RELISTED' });
  });

  it('refuses an open or sold lot, a close already past, and another seller’s lot', () => {
    spec([listed()]).when(relist()).thenThrows({ code: 'LOT_NOT_RELISTABLE' });
    spec([listed(), annLeads(500), close1()])
      .when(relist())
      .thenThrows({ code: 'LOT_NOT_RELISTABLE' });
    spec([listed(), withdrawn])
      .when({ ...relist(), closesAt: close.toISOString() })
      .thenThrows({ code: 'CLOSE_IN_PAST' });
    spec([listed(), withdrawn])
      .when(relist('lot-2', { kind: 'seller', userId: 'someone-else' }))
      .thenThrows({ code: 'NOT_YOUR_LOT' });
  });
});

/** The lot sold to ann at its close (the outcome the decider itself reaches). */
function close1(): LotEvent {
  const [closed] = decided([listed(), annLeads(500)], { type: 'CloseLot', now: close });
  return closed as LotEvent;
}

describe('lot decider: an auction schedules the lot (issue 33)', () => {
  const schedule = (over: Partial<Extract<LotCommand, { type: 'ScheduleLot' }>> = {}): LotCommand => ({
    type: 'ScheduleLot',
    lotId: 'lot-1',
    auctionId: 'fall',
    lotNumber: '7',
    startsAt: start.toISOString(),
    closesAt: '2026-11-28T01:03:00.000Z',
    now: start,
    ...over,
  });
  const scheduled: LotEvent = {
    type: 'LotScheduled',
    data: {
      auctionId: 'fall',
      lotNumber: '7',
      startsAt: start.toISOString(),
      closesAt: '2026-11-28T01:03:00.000Z',
    },
  };

  it('records its number, opening and staggered close; the same again writes nothing', () => {
    spec([listed()]).when(schedule()).then([scheduled]);
    spec([listed(), scheduled]).when(schedule()).then([]);
  });

  it('renumbers a lot with bids but never moves its close', () => {
    const given = [listed(), scheduled, annLeads(500)];
    spec(given)
      .when(schedule({ lotNumber: '8' }))
      .then([{ type: 'LotScheduled', data: { ...scheduled.data, lotNumber: '8' } }]);
    spec(given)
      .when(schedule({ closesAt: '2026-11-28T01:04:00.000Z', now: duringAuction }))
      .thenThrows({ code: 'AUCTION_LOT_HAS_BIDS' });
  });

  it('refuses a lot of another auction, a buy-now-only lot, a closed lot and a close in the past', () => {
    spec([listed(), scheduled])
      .when(schedule({ auctionId: 'winter' }))
      .thenThrows({ code: 'AUCTION_LOT_ELSEWHERE' });
    spec([listed({ auction: false, buyNow: true, buyNowPrice: $(100) })])
      .when(schedule())
      .thenThrows({ code: 'AUCTION_LOT_NOT_AUCTION' });
    spec([listed(), closedUnsold]).when(schedule()).thenThrows({ code: 'AUCTION_LOT_NOT_OPEN' });
    spec([listed()])
      .when(schedule({ now: new Date('2026-11-28T02:00:00.000Z') }))
      .thenThrows({ code: 'AUCTION_CLOSE_PASSED' });
    spec([]).when(schedule()).thenThrows({ code: 'AUCTION_LOT_NOT_FOUND' });
  });

  it('lets the lot go from the auction that holds it only', () => {
    const out = schedule({ auctionId: null, from: 'fall', lotNumber: null });
    spec([listed(), scheduled])
      .when(out)
      .then([{ type: 'LotScheduled', data: { ...scheduled.data, auctionId: null, lotNumber: null } }]);
    spec([listed(), scheduled])
      .when(schedule({ auctionId: null, from: 'winter', lotNumber: null }))
      .then([]);
  });
});

import type { AuctionEvent, AuctionFields } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { auctionDecider } from './decide.ts';

const spec = deciderSpec(auctionDecider);
const before = new Date('2026-12-01T12:00:00.000Z');
const opened = new Date('2026-12-03T12:00:00.000Z');
const fields: AuctionFields = {
  title: 'Fine & Rare Wines',
  kind: 'timed',
  description: '',
  startsAt: '2026-12-02T12:00:00.000Z',
  firstCloseAt: '2026-12-09T01:00:00.000Z',
  lotsPerMinute: 10,
  locationId: 1,
  premiumText: '20% on the hammer',
};
const created: AuctionEvent = { type: 'AuctionCreated', data: { auctionId: 'fall', ...fields } };
const minute = (m: number) => new Date(Date.parse(fields.firstCloseAt) + m * 60_000).toISOString();
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `lot-${from + i}`);
const arranged = (lotIds: string[]): AuctionEvent =>
  auctionDecider.decide(
    { type: 'ArrangeLots', lotIds, now: before },
    auctionDecider.evolve(auctionDecider.initialState(), created),
  )[0] as AuctionEvent;

describe('auction decider: creating', () => {
  it('creates an auction whose first close is ahead', () => {
    spec([]).when({ type: 'CreateAuction', auctionId: 'fall', fields, now: before }).then([created]);
  });

  it('refuses a first close that has passed, and a second auction under one id', () => {
    spec([])
      .when({ type: 'CreateAuction', auctionId: 'fall', fields, now: new Date(minute(1)) })
      .thenThrows({ code: 'AUCTION_FIRST_CLOSE_PASSED' });
    spec([created])
      .when({ type: 'CreateAuction', auctionId: 'fall', fields, now: before })
      .thenThrows({ code: 'AUCTION_EXISTS' });
  });
});

describe('auction decider: staggered closes', () => {
  it('numbers the lots from 1 and closes them ten a minute in catalogue order', () => {
    const event = arranged(ids(25));
    if (event.type !== 'AuctionLotsArranged') throw new Error('arranged');
    expect(event.data.lots.map((l) => l.lotNumber)).toEqual(ids(25).map((_, i) => String(i + 1)));
    expect(event.data.lots.map((l) => l.closesAt)).toEqual([
      ...Array(10).fill(minute(0)),
      ...Array(10).fill(minute(1)),
      ...Array(5).fill(minute(2)),
    ]);
    expect(event.data.changed).toEqual(ids(25));
    expect(event.data.removed).toEqual([]);
  });

  it('closes one lot a minute when told so, and moves every close with a new first close', () => {
    spec([created, arranged(ids(3))])
      .when({ type: 'UpdateAuction', changes: { lotsPerMinute: 1 }, now: before })
      .then([
        { type: 'AuctionUpdated', data: { lotsPerMinute: 1, changed: ['lotsPerMinute'] } },
        {
          type: 'AuctionLotsArranged',
          data: {
            lots: ids(3).map((lotId, i) => ({ lotId, lotNumber: String(i + 1), closesAt: minute(i) })),
            changed: ['lot-2', 'lot-3'],
            removed: [],
          },
        },
      ]);
  });

  it('reorders before the opening: only the lots given a new place change, lots left out are removed', () => {
    spec([created, arranged(ids(12))])
      .when({ type: 'ArrangeLots', lotIds: ['lot-11', ...ids(9), 'lot-12'], now: before })
      .then([
        {
          type: 'AuctionLotsArranged',
          data: {
            lots: [
              { lotId: 'lot-11', lotNumber: '1', closesAt: minute(0) },
              ...ids(9).map((lotId, i) => ({ lotId, lotNumber: String(i + 2), closesAt: minute(0) })),
              { lotId: 'lot-12', lotNumber: '11', closesAt: minute(1) },
            ],
            changed: ['lot-11', ...ids(9), 'lot-12'],
            removed: ['lot-10'],
          },
        },
      ]);
  });

  it('staggers lots added after the opening after the last lot, and refuses moving or removing one then', () => {
    const given = [created, arranged(ids(10))];
    spec(given)
      .when({ type: 'ArrangeLots', lotIds: ids(11), now: opened })
      .then([
        {
          type: 'AuctionLotsArranged',
          data: {
            lots: ids(11).map((lotId, i) => ({
              lotId,
              lotNumber: String(i + 1),
              closesAt: minute(i < 10 ? 0 : 1),
            })),
            changed: ['lot-11'],
            removed: [],
          },
        },
      ]);
    spec(given)
      .when({ type: 'ArrangeLots', lotIds: ids(9), now: opened })
      .thenThrows({ code: 'AUCTION_STARTED' });
    spec(given)
      .when({ type: 'ArrangeLots', lotIds: ['lot-11', ...ids(10)], now: opened })
      .thenThrows({ code: 'AUCTION_STARTED' });
  });

  it('refuses to add a lot whose place would close in the past', () => {
    spec([created, arranged(ids(10))])
      .when({ type: 'ArrangeLots', lotIds: ids(11), now: new Date(minute(1)) })
      .thenThrows({ code: 'AUCTION_CLOSE_PASSED' });
  });

  it('writes nothing for the same order again', () => {
    spec([created, arranged(ids(5))])
      .when({ type: 'ArrangeLots', lotIds: ids(5), now: before })
      .then([]);
  });
});

describe('auction decider: changing', () => {
  it('changes the title at any time but the dates only before the opening', () => {
    const given = [created, arranged(ids(2))];
    spec(given)
      .when({ type: 'UpdateAuction', changes: { title: 'Winter Sale', lotsPerMinute: 10 }, now: opened })
      .then([{ type: 'AuctionUpdated', data: { title: 'Winter Sale', changed: ['title'] } }]);
    spec(given)
      .when({ type: 'UpdateAuction', changes: { firstCloseAt: minute(60) }, now: opened })
      .thenThrows({ code: 'AUCTION_STARTED' });
  });

  it('refuses an opening after the first close, and an unknown auction', () => {
    spec([created])
      .when({ type: 'UpdateAuction', changes: { startsAt: minute(5) }, now: before })
      .thenThrows({ code: 'AUCTION_DATES_ORDER' });
    spec([])
      .when({ type: 'ArrangeLots', lotIds: ids(1), now: before })
      .thenThrows({ code: 'AUCTION_NOT_FOUND' });
  });
});

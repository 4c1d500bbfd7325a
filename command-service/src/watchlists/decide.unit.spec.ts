import type { UserEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { userDecider } from '../users/decide.ts';
import { registered } from '../users/fixtures.ts';
import { MAX_WATCHLIST } from './decide.ts';

const spec = deciderSpec(userDecider);
const watched = (lotId: string): UserEvent => ({ type: 'LotWatched', data: { lotId } });

describe('user decider: the watchlist (seeds 000 §4.7)', () => {
  it('watches a listed lot once', () => {
    spec([registered])
      .when({ type: 'WatchLot', lotId: 'lot-a', lotListed: true })
      .then([watched('lot-a')]);
    spec([registered, watched('lot-a')])
      .when({ type: 'WatchLot', lotId: 'lot-a', lotListed: true })
      .then([]);
  });

  it('refuses a lot that was never listed', () => {
    spec([registered])
      .when({ type: 'WatchLot', lotId: 'lot-x', lotListed: false })
      .thenThrows({ code: 'LOT_NOT_FOUND' });
  });

  it(`refuses a lot beyond ${MAX_WATCHLIST} with WATCHLIST_FULL`, () => {
    const full = Array.from({ length: MAX_WATCHLIST }, (_, i) => watched(`lot-${i}`));
    spec([registered, ...full])
      .when({ type: 'WatchLot', lotId: 'lot-new', lotListed: true })
      .thenThrows({ code: 'WATCHLIST_FULL' });
  });

  it('unwatches a watched lot, and records nothing for one not watched', () => {
    spec([registered, watched('lot-a')])
      .when({ type: 'UnwatchLot', lotId: 'lot-a' })
      .then([{ type: 'LotUnwatched', data: { lotId: 'lot-a' } }]);
    spec([registered]).when({ type: 'UnwatchLot', lotId: 'lot-a' }).then([]);
  });
});

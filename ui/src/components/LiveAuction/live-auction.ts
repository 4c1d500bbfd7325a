import { queryOptions } from '@tanstack/react-query';
import type { FilterItem, LotMessage, SearchFilter } from '@wine/contracts';
import * as z from 'zod/mini';
import { call } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';
import { isNewLotEvent, lotMatches } from '../../lib/search.ts';
import { lazySearch, pageParam, type SearchOf } from '../../lib/search-param.ts';

/** seeds 000 §9: the first page size; an auction's lots come 25 to a page. */
export const AUCTION_PAGE_SIZE = 25;

/** /liveAuction/:aid query parameters: the page of open lots and the page of closed ones. */
export const liveAuctionSearchSchema = lazySearch(() =>
  z.object({ page: pageParam(1000), closedPage: pageParam(1000) }),
);
export type LiveAuctionSearch = SearchOf<typeof liveAuctionSearchSchema>;

/** seeds 000 §2.1 "Live auction": one auction's summary (not found for an id no lot carries). */
export const auctionDetailQuery = (auctionid: string) =>
  queryOptions({
    queryKey: actionKey('auctionDetail', { auctionid }),
    queryFn: ({ signal }) => call('auctionDetail', { auctionid }, { signal }),
  });

const open: FilterItem = { value: ['open'], type: 'array', field: 'p.market_status' };

/**
 * The search API's filter for one page of an auction's lots: the open ones closing soonest first, or
 * the closed ones (sold, unsold, withdrawn) closed most recently first.
 */
export function auctionLotsFilter(auctionid: string, which: 'open' | 'closed', page: number): SearchFilter {
  return {
    limit: AUCTION_PAGE_SIZE,
    page,
    orderby: 'p.date_closed',
    order: which === 'open' ? 'asc' : 'desc',
    filters: {
      auctionid: { value: [auctionid], type: 'array', field: 'p.auctionid' },
      market_status: which === 'open' ? open : { ...open, type: 'notin' },
    },
  };
}

/** A lot not shown that belongs among the auction's open lots: one newly listed in it (seeds 000 §4.6). */
export const belongsToAuction =
  (auctionid: string) =>
  ({ event, lot }: LotMessage): boolean =>
    isNewLotEvent(event) && lotMatches(lot, { auction: auctionid });

/**
 * A change that moves the auction's summary (its next close, its counts): a bid that extended a lot's
 * close (soft close), a lot that closed, or any other change of one of its lots but a plain bid.
 * The header refetches on it, so its countdown follows an extended close live (issue 31).
 */
export const changesAuctionSummary =
  (auctionid: string) =>
  (message: LotMessage): boolean =>
    message.lot.auctionid === auctionid && (message.type !== 'bidAddtime' || message.below_five === 1);

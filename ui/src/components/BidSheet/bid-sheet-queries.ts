import { queryOptions } from '@tanstack/react-query';
import type { LotView, SearchFilter } from '@wine/contracts';
import { call } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';

/** How often an active sheet is read again: the house places and the lots close while the bidder looks. */
export const SHEET_REFRESH_MS = 15_000;

/** Issue 37 §6, bidsheet/get: the caller's sheet for the auction (status `none` when they left none). */
export const bidSheetQuery = (auctionId: string) =>
  queryOptions({
    queryKey: actionKey('bidSheetGet', { auction_id: auctionId }),
    queryFn: ({ signal }) => call('bidSheetGet', { auction_id: auctionId }, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'active' ? SHEET_REFRESH_MS : false),
  });

/** A sheet holds 200 lines at most: two pages of 100 of the auction's open lots. */
const PAGE = 100;

const openLots = (auctionId: string, page: number): SearchFilter => ({
  limit: PAGE,
  page,
  orderby: 'p.date_closed',
  order: 'asc',
  filters: {
    auctionid: { value: [auctionId], type: 'array', field: 'p.auctionid' },
    market_status: { value: ['open'], type: 'array', field: 'p.market_status' },
  },
});

/** Catalogue order: the lot number as a number where it is one, then as text. */
const byLotNumber = (a: LotView, b: LotView) => {
  const [x, y] = [a.custitemlot_number ?? '', b.custitemlot_number ?? ''];
  const [nx, ny] = [Number(x), Number(y)];
  if (x && y && Number.isFinite(nx) && Number.isFinite(ny) && nx !== ny) return nx - ny;
  return x.localeCompare(y, undefined, { numeric: true });
};

/** The auction's lots that take bids now (up to a sheet's 200), in catalogue order. */
export const bidSheetLotsQuery = (auctionId: string) =>
  queryOptions({
    queryKey: ['bidSheetLots', auctionId] as const,
    queryFn: async ({ signal }): Promise<LotView[]> => {
      const first = await call('productSearch', openLots(auctionId, 1), { signal });
      const more =
        first.totalRecords > PAGE
          ? (await call('productSearch', openLots(auctionId, 2), { signal })).records
          : [];
      return [...first.records, ...more].sort(byLotNumber);
    },
  });

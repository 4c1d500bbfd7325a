import * as z from 'zod/mini';
import { instantParam, lazySearch, pageParam } from '../../lib/search-param.ts';

/** The history pages' search: ?asOf= an ISO instant (anything else is dropped), ?page= from 1. */
export const historySearch = lazySearch(() =>
  z.object({
    asOf: instantParam({ offset: true }),
    page: pageParam(100_000),
  }),
);

import { actions, type LotDocument, type LotView } from '@wine/contracts';
import { type Filter, registerAction, type Sort } from '@wine/platform';
import type { QueryDeps, QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { lotView, personalise } from '../lots/view.ts';

/**
 * One page of the caller's own lots in `market_status`, in `sort` order. The seller is always the
 * caller (from the session), never an id from the body: no one lists another seller's lots.
 */
async function sellerLots(
  { docs, clock }: Pick<QueryDeps, 'docs' | 'clock'>,
  sellerId: string,
  market_status: LotDocument['market_status'],
  sort: Sort,
  { page, limit }: { page: number; limit: number },
): Promise<{ records: LotView[]; totalRecords: number }> {
  const lots = docs.collection<LotDocument>(LOTS);
  const filter: Filter = { seller_id: sellerId, market_status };
  const [found, totalRecords] = await Promise.all([
    lots.find(filter, { sort: { ...sort, _id: 1 }, skip: (page - 1) * limit, limit }),
    lots.countDocuments(filter),
  ]);
  const now = clock.now();
  const views = found.map((doc) => lotView(doc, now, sellerId));
  return { records: await personalise(docs, views, sellerId), totalRecords };
}

/** The seller lists (seeds 000 §2.3 /myWines/selling, /myWines/sold; 001 §2) from the lots read model. */
export const sellerLotQueries: QueryPlugin = async (app, deps) => {
  const { authorize, viewerOf } = deps.auth;

  // For sale: open lots, those whose bidding has not started yet (future_active) included; closing soonest first.
  registerAction(app, actions.mySellingLots, authorize, async (input, { request }) =>
    sellerLots(deps, viewerOf(request) as string, 'open', { date_closed: 1 }, input),
  );

  // Sold: the hammer price is `buynowamount` ('Sold Price'); the buyer is in no lot view. Latest close first.
  registerAction(app, actions.mySoldLots, authorize, async (input, { request }) =>
    sellerLots(deps, viewerOf(request) as string, 'sold', { date_closed: -1 }, input),
  );
};

import { actions, type LotDocument } from '@wine/contracts';
import { httpErrors, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { searchbarByIndex, withinIds } from '../search/text-search.ts';
import { toMongoQuery } from '../search/to-mongo.ts';
import { registerPrivateSaleQueries } from './private-sales.ts';
import { LOTS } from './project.ts';
import { personalise, readView } from './view.ts';
import { canSee, seenBy } from './visibility.ts';

/**
 * The lots read model's queries: the search, one lot, and lots like it; and the admins' list of a
 * private sale's guests. A private sale is found only by its guests and its seller (visibility.ts).
 */
export const lotQueries: QueryPlugin = async (app, deps) => {
  const { docs, clock, auth } = deps;
  const { authorize, viewerOf, rolesOf } = auth;
  const lots = () => docs.collection<LotDocument>(LOTS);

  registerAction(app, actions.productSearch, authorize, async (input, { request }) => {
    const userId = viewerOf(request);
    // The search bar by the in-memory search index on the embedded default (text-search.ts).
    const text = await searchbarByIndex(docs, input);
    const query = toMongoQuery(text ? text.rest : input);
    const filter = seenBy(text ? withinIds(query.filter, text.ids) : query.filter, userId);
    const [records, totalRecords] = await Promise.all([
      // Read-only: readView copies what it shows, so the embedded store need not copy each lot first.
      lots().find(filter, { sort: query.sort, skip: query.skip, limit: query.limit, readonly: true }),
      lots().countDocuments(filter),
    ]);
    const now = clock.now();
    const views = records.map((doc) => readView(doc, now, userId));
    return { records: await personalise(docs, views, userId), totalRecords };
  });

  registerAction(app, actions.productLot, authorize, async ({ id }, { request }) => {
    const doc = await lots().findOne({ _id: id }, { readonly: true });
    const userId = viewerOf(request);
    // A private sale answers anyone but its guests, its seller and the admins (who preview it) as an
    // unknown lot does: whether it exists is not told.
    const admin = rolesOf(request).includes('admin');
    if (!doc || !(admin || canSee(doc, userId))) throw httpErrors.notFound('Lot');
    const [view] = await personalise(docs, [readView(doc, clock.now(), userId)], userId);
    return view as NonNullable<typeof view>;
  });

  // seeds 000 §7 getAllSimilarProducts: open lots like this one (the same auction, or colour and
  // country, then colour), closing soonest, never the lot itself.
  registerAction(app, actions.similarProducts, authorize, async ({ id, limit }, { request }) => {
    const userId = viewerOf(request);
    const lot = await lots().findOne({ _id: id });
    if (!lot || !canSee(lot, userId)) throw httpErrors.notFound('Lot');
    const open = { market_status: 'open', _id: { $ne: id } };
    const likeness = [
      ...(lot.auctionid ? [{ auctionid: lot.auctionid, custitem_gvo_color: lot.custitem_gvo_color }] : []),
      { custitem_gvo_color: lot.custitem_gvo_color, custitem_gvo_country: lot.custitem_gvo_country },
      { custitem_gvo_color: lot.custitem_gvo_color },
      {},
    ];
    const chosen: LotDocument[] = [];
    for (const like of likeness) {
      if (chosen.length >= limit) break;
      const more = await lots().find(
        seenBy({ ...open, ...like, _id: { $nin: [id, ...chosen.map((c) => c._id)] } }, userId),
        { sort: { date_closed: 1 }, limit: limit - chosen.length, readonly: true },
      );
      chosen.push(...more);
    }
    const now = clock.now();
    const views = chosen.map((doc) => readView(doc, now, userId));
    return { records: await personalise(docs, views, userId), totalRecords: views.length };
  });

  registerPrivateSaleQueries(app, deps);
};

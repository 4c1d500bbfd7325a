import { actions, type LotDocument } from '@wine/contracts';
import { httpErrors, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { toMongoQuery } from '../search/to-mongo.ts';
import { LOTS } from './project.ts';
import { lotView, personalise } from './view.ts';

/** The lots read model's queries: the search, one lot, and lots like it. */
export const lotQueries: QueryPlugin = async (app, { docs, clock, auth }) => {
  const { authorize, viewerOf } = auth;
  const lots = () => docs.collection<LotDocument>(LOTS);

  registerAction(app, actions.productSearch, authorize, async (input, { request }) => {
    const query = toMongoQuery(input);
    const [records, totalRecords] = await Promise.all([
      lots().find(query.filter, { sort: query.sort, skip: query.skip, limit: query.limit }),
      lots().countDocuments(query.filter),
    ]);
    const now = clock.now();
    const userId = viewerOf(request);
    const views = records.map((doc) => lotView(doc, now, userId));
    return { records: await personalise(docs, views, userId), totalRecords };
  });

  registerAction(app, actions.productLot, authorize, async ({ id }, { request }) => {
    const doc = await lots().findOne({ _id: id });
    if (!doc) throw httpErrors.notFound('Lot');
    const userId = viewerOf(request);
    const [view] = await personalise(docs, [lotView(doc, clock.now(), userId)], userId);
    return view as NonNullable<typeof view>;
  });

  // seeds 000 §7 getAllSimilarProducts: open lots like this one (the same auction, or colour and
  // country, then colour), closing soonest, never the lot itself.
  registerAction(app, actions.similarProducts, authorize, async ({ id, limit }, { request }) => {
    const lot = await lots().findOne({ _id: id });
    if (!lot) throw httpErrors.notFound('Lot');
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
        { ...open, ...like, _id: { $nin: [id, ...chosen.map((c) => c._id)] } },
        { sort: { date_closed: 1 }, limit: limit - chosen.length },
      );
      chosen.push(...more);
    }
    const now = clock.now();
    const userId = viewerOf(request);
    const views = chosen.map((doc) => lotView(doc, now, userId));
    return { records: await personalise(docs, views, userId), totalRecords: views.length };
  });
};

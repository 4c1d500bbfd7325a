import { actions, type RealisedPrice } from '@wine/contracts';
import { type Filter, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { literally } from '../core/queries.ts';
import { PRICES_REALISED, type RealisedPriceDocument } from './project.ts';

const contains = (text: string) => ({ $regex: literally(text), $options: 'i' });

/** Words are looked for in what names a wine: its title, producer, region and country. */
const wordFields = ['title', 'producer', 'region', 'country'] as const;

const recordOf = (d: RealisedPriceDocument): RealisedPrice => ({
  id: d._id,
  title: d.title,
  producer: d.producer,
  vintage: d.vintage,
  country: d.country,
  region: d.region,
  bottle_size: d.bottle_size,
  qty: d.qty,
  hammer_price: d.hammer_price ?? 0,
  bid_count: d.bid_count,
  closed_at: d.closed_at ?? '',
  auctionid: d.auctionid,
  image: d.image,
});

/** Issue 31: anyone searches the prices realised, the lots sold at auction with their hammer prices. */
export const pricesRealisedQueries: QueryPlugin = async (app, { docs, auth }) => {
  registerAction(
    app,
    actions.pricesRealised,
    auth.authorize,
    async ({ q, producer, vintage, page, limit }) => {
      const clauses: Filter[] = [{ sold: true }];
      // Every word must be found, each in one of the fields (a title word and a producer word both count).
      for (const word of (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
        clauses.push({ $or: wordFields.map((f) => ({ [f]: contains(word) })) });
      }
      if (producer) clauses.push({ producer: { $regex: `^${literally(producer)}$`, $options: 'i' } });
      if (vintage !== undefined) clauses.push({ vintage });
      const filter = clauses.length === 1 ? (clauses[0] as Filter) : { $and: clauses };
      const sold = docs.collection<RealisedPriceDocument>(PRICES_REALISED);
      const [rows, totalRecords] = await Promise.all([
        sold.find(filter, { sort: { closed_at: -1, _id: -1 }, skip: (page - 1) * limit, limit }),
        sold.countDocuments(filter),
      ]);
      return { records: rows.map(recordOf), totalRecords };
    },
  );
};

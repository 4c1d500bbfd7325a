import { actions, type DefaultBundle, type LotDocument, registrationExtraFields } from '@wine/contracts';
import { Colours } from '@wine/event-schemas';
import { type Authorize, type Clock, type DocumentStore, httpErrors, registerAction } from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import { toMongoQuery } from '../search/to-mongo.ts';
import { LOTS } from './project.ts';
import { lotView } from './view.ts';

export interface LotQueryDeps {
  docs: DocumentStore;
  clock: Clock;
  authorize: Authorize;
  buyerPremiumPercent: number;
}

/** Bottle sizes in the order a merchant lists them (seeds 000 §3.2: "ordered by show_order"). */
const bottleSizeOrder = [
  '187ml',
  '375ml',
  '500ml',
  '750ml',
  '1L',
  '1.5L',
  '3L',
  '4.5L',
  '6L',
  '9L',
  '12L',
  '15L',
];

export function lotQueries(
  app: FastifyInstance,
  { docs, clock, authorize, buyerPremiumPercent }: LotQueryDeps,
) {
  const lots = () => docs.collection<LotDocument>(LOTS);

  registerAction(app, actions.productSearch, authorize, async (input) => {
    const query = toMongoQuery(input);
    const [records, totalRecords] = await Promise.all([
      lots().find(query.filter, { sort: query.sort, skip: query.skip, limit: query.limit }),
      lots().countDocuments(query.filter),
    ]);
    const now = clock.now();
    return { records: records.map((doc) => lotView(doc, now)), totalRecords };
  });

  registerAction(app, actions.registrationFields, authorize, async () => ({
    fields: registrationExtraFields.filter((f) => f.active),
  }));

  registerAction(app, actions.productLot, authorize, async ({ id }) => {
    const doc = await lots().findOne({ _id: id });
    if (!doc) throw httpErrors.notFound('Lot');
    return lotView(doc, clock.now());
  });

  registerAction(app, actions.getDefault, authorize, async (): Promise<DefaultBundle> => {
    const group = (by: Record<string, string>) => [
      { $group: { _id: by, count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
    ];
    const [countries, regions, subregions, vintages, sizes] = await Promise.all([
      lots().aggregate<{ _id: { country: string }; count: number }>(
        group({ country: '$custitem_gvo_country' }),
      ),
      lots().aggregate<{ _id: { country: string; region: string }; count: number }>([
        { $match: { custitemctregion: { $ne: '' } } },
        ...group({ country: '$custitem_gvo_country', region: '$custitemctregion' }),
      ]),
      lots().aggregate<{ _id: { country: string; region: string; subregion: string }; count: number }>([
        { $match: { custitemctsubregion: { $ne: '' } } },
        ...group({
          country: '$custitem_gvo_country',
          region: '$custitemctregion',
          subregion: '$custitemctsubregion',
        }),
      ]),
      lots().aggregate<{ _id: number }>([
        { $match: { vintage: { $ne: null } } },
        { $group: { _id: '$vintage' } },
        { $sort: { _id: -1 } },
      ]),
      lots().aggregate<{ _id: string }>([{ $group: { _id: '$custitem_gvo_bottlesize' } }]),
    ]);
    const rank = (size: string) => {
      const i = bottleSizeOrder.indexOf(size);
      return i === -1 ? bottleSizeOrder.length : i;
    };
    return {
      buyer_premium: buyerPremiumPercent,
      countries: countries.map((c) => ({ value: c._id.country, count: c.count })),
      regions: regions.map((r) => ({ country: r._id.country, value: r._id.region, count: r.count })),
      subregions: subregions.map((s) => ({
        country: s._id.country,
        region: s._id.region,
        value: s._id.subregion,
        count: s.count,
      })),
      wine_colors: [...Colours],
      vintages: vintages.map((v) => v._id),
      bottle_sizes: sizes.map((s) => s._id).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
    };
  });
}

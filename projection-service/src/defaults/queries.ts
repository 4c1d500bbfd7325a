import { actions, type DefaultBundle, type LotDocument } from '@wine/contracts';
import { Colours } from '@wine/event-schemas';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';

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

/** seeds 000 §7 getDefault: the market's settings and the browse menus, counted from the lots read model. */
export const defaultQueries: QueryPlugin = async (app, { docs, auth, market }) => {
  const lots = () => docs.collection<LotDocument>(LOTS);

  registerAction(app, actions.getDefault, auth.authorize, async (): Promise<DefaultBundle> => {
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
      ...market,
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
};

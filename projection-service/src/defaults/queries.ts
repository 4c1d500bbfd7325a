import {
  actions,
  type DefaultBundle,
  damageTypes,
  defaultBidIncrements,
  features,
  type HeaderPage,
  type IncrementRule,
  type LotDocument,
  languages,
  notifications,
  packageTypes,
} from '@wine/contracts';
import { Colours, configurablePageIds } from '@wine/event-schemas';
import { registerAction } from '@wine/platform';
import { activeBanners, BANNERS, type BannerDocument } from '../banners/project.ts';
import type { QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { publicOnly } from '../lots/visibility.ts';
import { STATIC_PAGES, type StaticPageDocument } from '../pages/project.ts';
import { referenceBundle, referenceEntries } from '../reference-data/entries.ts';
import { allCountries, citiesOf, statesOf } from './places.ts';

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

const rank = (size: string) => {
  const i = bottleSizeOrder.indexOf(size);
  return i === -1 ? bottleSizeOrder.length : i;
};

/**
 * seeds 000 §2.2 / §2.5: the More menu's configurable pages, each labelled with its own page record's
 * title (issue 31: a label kept apart from its page named another page), and with its Spanish title
 * when it has one (issue 34 §2). A page not published yet has no entry, so the menu never links to a
 * page that is not there.
 */
export function menuPages(
  pages: readonly Pick<StaticPageDocument, '_id' | 'title' | 'updated_at' | 'spanish'>[],
): HeaderPage[] {
  const byId = new Map(pages.filter((p) => p.updated_at).map((p) => [p._id, p]));
  return configurablePageIds.flatMap((id) => {
    const page = byId.get(id);
    const title = page?.title.trim();
    if (!title) return [];
    const spanish = page?.spanish?.title.trim();
    return [{ id, label: title.slice(0, 60), ...(spanish && { label_es: spanish.slice(0, 60) }) }];
  });
}

/** seeds 000 §7 getDefault: the market's settings, the reference lists and the browse menus, counted from the lots. */
export const defaultQueries: QueryPlugin = async (app, { docs, auth, settings }) => {
  const lots = () => docs.collection<LotDocument>(LOTS);
  const banners = () => docs.collection<BannerDocument>(BANNERS);

  // The menus count the lots anyone may see (a public answer): never a private sale (issue 36 §5).
  const visible = { $match: publicOnly };
  registerAction(app, actions.getDefault, auth.authorize, async (): Promise<DefaultBundle> => {
    const group = (by: Record<string, string>) => [
      visible,
      { $group: { _id: by, count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
    ];
    const [
      { market, money, catalogue },
      countries,
      regions,
      subregions,
      vintages,
      sizes,
      active,
      pages,
      producers,
      reference,
    ] = await Promise.all([
      settings(),
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
        visible,
        { $match: { vintage: { $ne: null } } },
        { $group: { _id: '$vintage' } },
        { $sort: { _id: -1 } },
      ]),
      lots().aggregate<{ _id: string }>([visible, { $group: { _id: '$custitem_gvo_bottlesize' } }]),
      banners().find({ active: 1 }),
      docs
        .collection<StaticPageDocument>(STATIC_PAGES)
        .find(
          { _id: { $in: [...configurablePageIds] } },
          { projection: { _id: 1, title: 1, updated_at: 1, spanish: 1 } },
        ),
      // The producer filter offers the producers one can still bid on or buy from (the first 500).
      lots().aggregate<{ _id: string; count: number }>([
        { $match: { market_status: 'open', custitem_gvo_producer: { $ne: '' }, ...publicOnly } },
        { $group: { _id: '$custitem_gvo_producer', count: { $sum: 1 } } },
        { $sort: { count: -1, _id: 1 } },
      ]),
      referenceEntries(docs),
    ]);
    const tree = {
      countries: countries.map((c) => ({ value: c._id.country, count: c.count })),
      regions: regions.map((r) => ({ country: r._id.country, value: r._id.region, count: r.count })),
      subregions: subregions.map((s) => ({
        country: s._id.country,
        region: s._id.region,
        value: s._id.subregion,
        count: s.count,
      })),
    };
    const { pickup } = money;
    return {
      ...market,
      ...tree,
      producers: producers.slice(0, 500).map((p) => ({ value: p._id, count: p.count })),
      wine_colors: [...Colours],
      vintages: vintages.map((v) => v._id),
      bottle_sizes: sizes.map((s) => s._id).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
      notifications,
      configuration: {
        header_pages: menuPages(pages),
        premium_text: catalogue.premiumText,
        welcome_text: catalogue.welcomeText,
        lots_per_minute: catalogue.lotsPerMinute,
      },
      // seeds 000 §9: "fallback is the first default increment".
      default_bid_increment: (market.bid_increments[0] ?? defaultBidIncrements[0]) as IncrementRule,
      // The storefront's categories are the wine styles the lots are filed under.
      categories: Colours.map((value, i) => ({ id: i + 1, value })),
      // Issue 38 §5: conditions, category types and locations are the staff's managed lists.
      ...referenceBundle(reference, pickup),
      damage_types: damageTypes,
      package_types: packageTypes,
      features,
      home_banners: activeBanners(active),
      languages: languages.map((l) => ({ code: l.code, key: l.key, label: l.label })),
    };
  });

  // seeds 001 §7 commonFunction: the address lists, by name ("orderby name asc, returns records").
  registerAction(app, actions.getAllCountries, auth.authorize, async () => ({
    records: await allCountries(),
  }));
  registerAction(app, actions.getAllStates, auth.authorize, async ({ country }) => ({
    records: await statesOf(country),
  }));
  registerAction(app, actions.getAllCities, auth.authorize, async ({ country, state }) => ({
    records: await citiesOf(country, state),
  }));
};

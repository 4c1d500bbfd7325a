import { z } from 'zod';

/**
 * seeds 000 §3.2 "Default data bundle": the reference lists a merchant keeps (damage types, package
 * types, features, notification kinds). Fixed lists here; the conditions, category types and
 * locations a lot's ids point into are managed lists kept in the log (issue 38 §5,
 * reference-data-lists.ts). Ids are stable: lots and forms refer to them.
 */
export const ReferenceItem = z.object({
  id: z.number().int(),
  value: z.string(),
  /** The Spanish name, for the managed lists (issue 38 §5: each entry's value in both languages). */
  value_es: z.string().optional(),
});
export type ReferenceItem = z.infer<typeof ReferenceItem>;

const items = (values: readonly string[]): ReferenceItem[] =>
  values.map((value, i) => ({ id: i + 1, value }));

/** Damage a lot can be described with. */
export const damageTypes = items([
  'Bin-soiled label',
  'Scuffed label',
  'Torn label',
  'Stained label',
  'Nicked capsule',
  'Corroded capsule',
  'Slightly raised cork',
  'Signs of seepage',
  'Top shoulder fill',
  'Upper shoulder fill',
]);

/** How the bottles of a lot are packed. */
export const packageTypes = items(['Loose bottles', 'Original wooden case', 'Original carton', 'Gift box']);

/** Features a lot can carry (the filters and badges of the storefront). */
export const features = items(['Buy now', 'Auction', 'Pre-arrival', 'Collector grade', 'Large format']);

/** The notification kinds a user can subscribe to (seeds 001 /account/notifications). */
export const notificationKinds = z.enum([
  'outbid',
  'auction_won',
  'auction_ending',
  'watchlist_closing',
  'invoice_due',
  'new_arrivals',
]);
export const notifications = notificationKinds.options.map((key, i) => ({ id: i + 1, key }));

/** Where lots sit (seeds 000 §3.1 location_id): the merchant's pickup location, and its address. */
export const Location = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** Issue 38 §5: the managed location's Spanish name, its level (0 site, 1 room, 2 bin) and parent. */
  name_es: z.string().optional(),
  level_id: z.number().int().optional(),
  parent_id: z.number().int().nullable().optional(),
});
export type Location = z.infer<typeof Location>;

/**
 * seeds 000 §3.2 "Category type (country, region, subregion hierarchy): id, value, level_id (country
 * level is 0; a special id 4 exists)". Level 0 countries, 1 regions, 2 subregions; `parent_id` is the
 * id of the level above. Ids are numbered in a fixed order so the same catalogue gives the same ids;
 * id 4 is the special "Other" category (wines without a country), kept out of the counted ones.
 */
export const CategoryType = z.object({
  id: z.number().int(),
  value: z.string(),
  level_id: z.number().int().min(0).max(2),
  parent_id: z.number().int().nullable(),
  /** Issue 38 §5: the managed category's Spanish name. */
  value_es: z.string().optional(),
});
export type CategoryType = z.infer<typeof CategoryType>;

export const OTHER_CATEGORY_ID = 4;

/** Countries, regions and subregions (names, as the lots carry them) as a numbered hierarchy. */
export function categoryTypes(tree: {
  countries: readonly { value: string }[];
  regions: readonly { country: string; value: string }[];
  subregions: readonly { country: string; region: string; value: string }[];
}): CategoryType[] {
  const out: CategoryType[] = [];
  let next = 1;
  const take = () => {
    if (next === OTHER_CATEGORY_ID) {
      out.push({ id: OTHER_CATEGORY_ID, value: 'Other', level_id: 0, parent_id: null });
      next++;
    }
    return next++;
  };
  const byName = (a: { value: string }, b: { value: string }) => a.value.localeCompare(b.value);
  for (const country of [...tree.countries].sort(byName)) {
    const countryId = take();
    out.push({ id: countryId, value: country.value, level_id: 0, parent_id: null });
    for (const region of tree.regions.filter((r) => r.country === country.value).sort(byName)) {
      const regionId = take();
      out.push({ id: regionId, value: region.value, level_id: 1, parent_id: countryId });
      const subs = tree.subregions.filter((s) => s.country === country.value && s.region === region.value);
      for (const sub of [...subs].sort(byName)) {
        out.push({ id: take(), value: sub.value, level_id: 2, parent_id: regionId });
      }
    }
  }
  if (!out.some((c) => c.id === OTHER_CATEGORY_ID)) {
    out.push({ id: OTHER_CATEGORY_ID, value: 'Other', level_id: 0, parent_id: null });
  }
  return out;
}

import { z } from 'zod';
import { ExtraField } from '../accounts/registration.ts';
import { action } from '../action.ts';
import { HomeBanner } from '../banners/banner.ts';
import { defaultMarketSettings, IncrementRule, MarketSettings } from '../bidding/bidding.ts';
import { CategoryType, Location, notificationKinds, ReferenceItem } from './reference-data.ts';
import { defaultSiteSettings } from './site-defaults.ts';
import { SiteSettings } from './site-settings.ts';

/**
 * seeds 000 §3.2 "Default data bundle loaded at start": notifications, configuration variables, bid
 * increments, default bid increment, buyer premium, categories, locations, conditions, damage types,
 * package types, wine colors, regions, vintages, bottle sizes (ordered by show_order), countries, home
 * banners (active ones), category types, features, languages, phrases per language. The UI's own
 * words are its i18n resources (bundled with it); the phrases are the managed lists' names (issue 38
 * §5), which the staff change at any time.
 */
export const DefaultBundle = MarketSettings.extend({
  /** The browse menus: countries, regions and subregions with the number of lots in each. */
  countries: z.array(z.object({ value: z.string(), count: z.number() })),
  regions: z.array(z.object({ country: z.string(), value: z.string(), count: z.number() })),
  subregions: z.array(
    z.object({ country: z.string(), region: z.string(), value: z.string(), count: z.number() }),
  ),
  /** The producers of the open lots, most lots first (the storefront's producer filter, issue 31). */
  producers: z.array(z.object({ value: z.string(), count: z.number() })),
  wine_colors: z.array(z.string()),
  vintages: z.array(z.number()),
  bottle_sizes: z.array(z.string()),
  notifications: z.array(z.object({ id: z.number().int(), key: notificationKinds })),
  configuration: SiteSettings,
  default_bid_increment: IncrementRule,
  categories: z.array(ReferenceItem),
  locations: z.array(Location),
  conditions: z.array(ReferenceItem),
  damage_types: z.array(ReferenceItem),
  package_types: z.array(ReferenceItem),
  features: z.array(ReferenceItem),
  home_banners: z.array(HomeBanner),
  category_types: z.array(CategoryType),
  languages: z.array(z.object({ code: z.string(), key: z.string(), label: z.string() })),
  /**
   * Issue 38 §4 (seeds 001 §7 "the decrypt setting"): true while ENCRYPT_BODIES is on, when the other
   * actions take sealed bodies only (contracts encrypted-bodies/); set by platform http/encrypted-bodies.ts.
   */
  encrypt_bodies: z.boolean().optional(),
  /**
   * Issue 38 §5 "phrases per language": by language key (for_english, for_spanish), each managed
   * entry's name as `<list>.<id>` (`conditions.3`), deactivated ones too (a lot carrying one reads it).
   */
  phrases: z.record(z.string(), z.record(z.string(), z.string())),
});
export type DefaultBundle = z.infer<typeof DefaultBundle>;

/** A country code (ISO 3166-1 alpha-2) or a state code (ISO 3166-2 subdivision part). */
const Code = (max: number) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]+$/, 'letters and digits only')
    .max(max);

/** seeds 001 §7 commonFunction: one record of the address lists, ordered by name. */
export const CountryRecord = z.object({ id: z.string(), name: z.string() });
export const StateRecord = z.object({ id: z.string(), name: z.string(), country: z.string() });
export const CityRecord = z.object({ name: z.string(), state: z.string(), country: z.string() });
export type CountryRecord = z.infer<typeof CountryRecord>;
export type StateRecord = z.infer<typeof StateRecord>;
export type CityRecord = z.infer<typeof CityRecord>;

/** What the storefront loads at start (seeds 000 §3.2, 001 "Dynamic form field"). */
export const commonActions = {
  /** The merchant's extra registration questions (seeds 001 "Dynamic form field"). */
  registrationFields: action({
    path: '/api/common/getRegistrationFields',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: z.object({ fields: z.array(ExtraField) }),
  }),
  getDefault: action({
    path: '/api/common/getDefault',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: DefaultBundle,
  }),
  /** seeds 000 §2.4 / 001 §7: every country, ordered by name. */
  getAllCountries: action({
    path: '/api/commonFunction/getAllCountries',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: z.object({ records: z.array(CountryRecord) }),
  }),
  /** seeds 000 §2.4 / 001 §7: the states of one country (the US by default, seeds 000 §9), by name. */
  getAllStates: action({
    path: '/api/commonFunction/getAllStates',
    side: 'query',
    auth: 'public',
    input: z.strictObject({ country: Code(2).min(2).default('US') }),
    output: z.object({ records: z.array(StateRecord) }),
  }),
  /** seeds 001 §7: the cities of one state of a country, by name. */
  getAllCities: action({
    path: '/api/commonFunction/getAllCities',
    side: 'query',
    auth: 'public',
    input: z.strictObject({ country: Code(2).min(2).default('US'), state: Code(3).min(1) }),
    output: z.object({ records: z.array(CityRecord) }),
  }),
} as const;

/**
 * A bundle with the settings' defaults and no catalogue: what a storefront reads before the first
 * answer, and the base of test fixtures.
 */
export const emptyDefaultBundle: DefaultBundle = {
  ...defaultMarketSettings,
  countries: [],
  regions: [],
  subregions: [],
  producers: [],
  wine_colors: [],
  vintages: [],
  bottle_sizes: [],
  notifications: [],
  configuration: defaultSiteSettings,
  default_bid_increment: defaultMarketSettings.bid_increments[0] as IncrementRule,
  categories: [],
  locations: [],
  conditions: [],
  damage_types: [],
  package_types: [],
  features: [],
  home_banners: [],
  category_types: [],
  languages: [],
  phrases: {},
};

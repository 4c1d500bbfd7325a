import type { ReferenceList } from '@wine/event-schemas';
import { categoryTypes, OTHER_CATEGORY_ID } from './reference-data.ts';

export { ReferenceList, referenceLists } from '@wine/event-schemas';

/*
 * Issue 38 §5: the managed reference lists' built-in entries. They are each list's state before its
 * first event (the decider's initial state, the read model's base), so the ids the product gave before
 * the lists were managed keep meaning the same: conditions 1-7 as the fixed list numbered them,
 * category types as the default bundle numbered the demo catalogue's countries, regions and
 * subregions (id 4 the special "Other", seeds 000 §3.2), location 1 the merchant's shop (the pickup
 * location, seeds 000 §3.1 location_id).
 */

/** Each list's levels, by level_id (seeds 001 §9 "Location menu levels: country level 0"). */
export const referenceLevels = {
  categories: ['country', 'region', 'subregion'],
  conditions: ['condition'],
  locations: ['site', 'room', 'bin'],
} as const satisfies Record<ReferenceList, readonly string[]>;

export type ReferenceLevel = (typeof referenceLevels)[ReferenceList][number];

/** The level's name of a level id in a list ('country' for categories' 0). */
export const levelName = (list: ReferenceList, levelId: number): string =>
  (referenceLevels[list] as readonly string[])[levelId] ?? String(levelId);

/** An entry as a list holds it (the wire's names). */
export interface ReferenceEntryData {
  id: number;
  value: string;
  value_es: string;
  level_id: number;
  parent_id: number | null;
  description: string;
}

/** The most entries a list holds: the default bundle carries every active one to every visitor. */
export const REFERENCE_LIST_MAX = 2000;

/** The merchant's shop, where lots sit unless told otherwise and where buyers pick up. */
export const PICKUP_LOCATION_ID = 1;

/**
 * Entries the product itself relies on: renamed freely, never deactivated (the special category 4,
 * seeds 000 §3.2; the pickup location the invoices and the pickup slots name).
 */
export const requiredEntries: Readonly<Record<ReferenceList, readonly number[]>> = {
  categories: [OTHER_CATEGORY_ID],
  conditions: [],
  locations: [PICKUP_LOCATION_ID],
};

/** The state of the bottle and its label, as the fixed list numbered them (1-7). */
const conditionNames: readonly [english: string, spanish: string][] = [
  ['Pristine', 'Impecable'],
  ['Excellent', 'Excelente'],
  ['Very Good', 'Muy bueno'],
  ['Good', 'Bueno'],
  ['Fair', 'Aceptable'],
  ['Original Wooden Case', 'Caja de madera original'],
  ['Original Carton', 'Caja de cartón original'],
];

/** The demo catalogue's origins, numbered as the default bundle numbered them (`categoryTypes`). */
const origins: readonly [country: string, region: string, subregion: string][] = [
  ['Australia', 'South Australia', 'Barossa Valley'],
  ['Australia', 'South Australia', 'Eden Valley'],
  ['France', 'Bordeaux', 'Margaux'],
  ['France', 'Bordeaux', 'Pauillac'],
  ['France', 'Bordeaux', 'Pessac-Léognan'],
  ['France', 'Bordeaux', 'Pomerol'],
  ['France', 'Bordeaux', 'Saint-Estèphe'],
  ['France', 'Bordeaux', 'Saint-Julien'],
  ['France', 'Bordeaux', 'Saint-Émilion'],
  ['France', 'Bordeaux', 'Sauternes'],
  ['France', 'Burgundy', 'Chambolle-Musigny'],
  ['France', 'Burgundy', 'Gevrey-Chambertin'],
  ['France', 'Burgundy', 'Meursault'],
  ['France', 'Burgundy', 'Puligny-Montrachet'],
  ['France', 'Burgundy', 'Vosne-Romanée'],
  ['France', 'Champagne', 'Le Mesnil-sur-Oger'],
  ['France', 'Champagne', 'Reims'],
  ['France', 'Champagne', 'Épernay'],
  ['France', 'Provence', 'Côtes de Provence'],
  ['France', 'Rhône', 'Châteauneuf-du-Pape'],
  ['France', 'Rhône', 'Côte-Rôtie'],
  ['France', 'Rhône', 'Hermitage'],
  ['Germany', 'Mosel', 'Saar'],
  ['Germany', 'Mosel', 'Wehlen'],
  ['Italy', 'Piedmont', 'Barbaresco'],
  ['Italy', 'Piedmont', 'Barolo'],
  ['Italy', 'Tuscany', 'Bolgheri'],
  ['Italy', 'Tuscany', 'Montalcino'],
  ['Italy', 'Veneto', 'Valpolicella'],
  ['Portugal', 'Douro', 'Porto'],
  ['Spain', 'Castilla y León', 'Ribera del Duero'],
  ['Spain', 'Rioja', 'Rioja Alta'],
  ['USA', 'California', 'Oakville'],
  ['USA', 'California', 'Santa Cruz Mountains'],
  ['USA', 'California', 'Sonoma Coast'],
  ['USA', 'California', 'Yountville'],
];

/** The Spanish names of the origins that have one of their own (the others read the same). */
const spanishOrigins: Readonly<Record<string, string>> = {
  Other: 'Otros',
  Australia: 'Australia',
  France: 'Francia',
  Germany: 'Alemania',
  Italy: 'Italia',
  Spain: 'España',
  USA: 'Estados Unidos',
  'South Australia': 'Australia Meridional',
  Bordeaux: 'Burdeos',
  Burgundy: 'Borgoña',
  Champagne: 'Champaña',
  Provence: 'Provenza',
  Rhône: 'Ródano',
  Mosel: 'Mosela',
  Piedmont: 'Piamonte',
  Tuscany: 'Toscana',
  Veneto: 'Véneto',
  Douro: 'Duero',
  Porto: 'Oporto',
};

const unique = <T>(values: readonly T[]) => [...new Set(values)];

const entry = (
  id: number,
  value: string,
  value_es: string,
  level_id = 0,
  parent_id: number | null = null,
  description = '',
): ReferenceEntryData => ({ id, value, value_es, level_id, parent_id, description });

/** Each list's entries, made when first asked (the storefront's first load does not make them). */
const makers: Record<ReferenceList, () => ReferenceEntryData[]> = {
  conditions: () => conditionNames.map(([value, value_es], i) => entry(i + 1, value, value_es)),
  categories: () =>
    categoryTypes({
      countries: unique(origins.map(([country]) => country)).map((value) => ({ value })),
      regions: unique(origins.map(([country, region]) => `${country}\u0000${region}`)).map((key) => {
        const [country = '', value = ''] = key.split('\u0000');
        return { country, value };
      }),
      subregions: origins.map(([country, region, value]) => ({ country, region, value })),
    }).map((c) => entry(c.id, c.value, spanishOrigins[c.value] ?? c.value, c.level_id, c.parent_id)),
  locations: () => [
    entry(
      PICKUP_LOCATION_ID,
      "Merchant's shop",
      'Tienda del comerciante',
      0,
      null,
      'Where buyers pick up: the address in the settings',
    ),
  ],
};
const made = new Map<ReferenceList, readonly ReferenceEntryData[]>();

/** A list's built-in entries, by id: its state before its first event. */
export function builtInEntries(list: ReferenceList): readonly ReferenceEntryData[] {
  let entries = made.get(list);
  if (!entries) {
    entries = Object.freeze(makers[list]());
    made.set(list, entries);
  }
  return entries;
}

/**
 * Two values are the same entry's name when they read the same: case, accents' composition and runs
 * of spaces aside ("saint-julien" is "Saint-Julien").
 */
export const valueKey = (value: string): string =>
  value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

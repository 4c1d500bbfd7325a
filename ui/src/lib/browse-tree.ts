import type { DefaultBundle } from '@wine/contracts';

export interface BrowseCountry {
  value: string;
  count: number;
  regions: { value: string; count: number; subregions: { value: string; count: number }[] }[];
}

/** Country -> region -> subregion, for the Browse Wines menu and the filter sidebar. */
export function browseTree(
  bundle: Pick<DefaultBundle, 'countries' | 'regions' | 'subregions'>,
): BrowseCountry[] {
  return bundle.countries.map((country) => ({
    value: country.value,
    count: country.count,
    regions: bundle.regions
      .filter((r) => r.country === country.value)
      .map((region) => ({
        value: region.value,
        count: region.count,
        subregions: bundle.subregions
          .filter((s) => s.country === country.value && s.region === region.value)
          .map((s) => ({ value: s.value, count: s.count })),
      })),
  }));
}

import { Checkbox, Loader, MultiSelect, NavLink, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { BrowseSearch } from '../../lib/search.ts';
import { browseTree, defaultBundleAtom } from '../../state/defaults.ts';

export interface SearchFiltersProps {
  search: BrowseSearch;
  onChange: (patch: Partial<Pick<BrowseSearch, 'color' | 'vintage' | 'bottlesize'>>) => void;
}

const orUndefined = <T,>(values: T[]) => (values.length ? values : undefined);

/** The browse page's filters, from the default bundle: origin, colour, vintage, bottle size. */
export function SearchFilters({ search, onChange }: SearchFiltersProps) {
  const bundle = useAtomValue(defaultBundleAtom);
  if (bundle.state === 'loading') return <Loader size="sm" aria-label="Loading filters" />;
  if (bundle.state === 'hasError') {
    return (
      <Text size="sm" c="dimmed">
        Filters are unavailable right now.
      </Text>
    );
  }
  const tree = browseTree(bundle.data);
  return (
    <Stack gap="lg" data-testid="search-filters">
      <nav aria-labelledby="filter-origin">
        <Title order={2} fz="md" id="filter-origin" mb="xs">
          Country &amp; region
        </Title>
        <NavLink
          renderRoot={(props) => (
            <Link
              to="/search"
              search={{ ...search, country: undefined, region: undefined, subregion: undefined, page: 1 }}
              {...props}
            />
          )}
          label="All countries"
          active={!search.country}
        />
        {tree.map((c) => (
          <NavLink
            key={c.value}
            renderRoot={(props) => (
              <Link
                to="/search"
                search={{ ...search, country: c.value, region: undefined, subregion: undefined, page: 1 }}
                {...props}
              />
            )}
            label={c.value}
            description={`${c.count} lots`}
            active={search.country === c.value && !search.region}
            opened={search.country === c.value}
            childrenOffset="sm"
          >
            {c.regions.map((r) => (
              <NavLink
                key={r.value}
                renderRoot={(props) => (
                  <Link
                    to="/search"
                    search={{ ...search, country: c.value, region: r.value, subregion: undefined, page: 1 }}
                    {...props}
                  />
                )}
                label={r.value}
                active={search.region === r.value && !search.subregion}
                opened={search.region === r.value}
                childrenOffset="sm"
              >
                {r.subregions.map((s) => (
                  <NavLink
                    key={s.value}
                    renderRoot={(props) => (
                      <Link
                        to="/search"
                        search={{ ...search, country: c.value, region: r.value, subregion: s.value, page: 1 }}
                        {...props}
                      />
                    )}
                    label={s.value}
                    active={search.subregion === s.value}
                  />
                ))}
              </NavLink>
            ))}
          </NavLink>
        ))}
      </nav>

      <Checkbox.Group
        label="Colour"
        value={search.color ?? []}
        onChange={(values) => onChange({ color: orUndefined(values) })}
      >
        <Stack gap={6} mt="xs">
          {bundle.data.wine_colors.map((colour) => (
            <Checkbox key={colour} value={colour} label={colour} />
          ))}
        </Stack>
      </Checkbox.Group>

      <MultiSelect
        label="Vintage"
        placeholder="Any vintage"
        searchable
        clearable
        data={bundle.data.vintages.map(String)}
        value={(search.vintage ?? []).map(String)}
        onChange={(values) => onChange({ vintage: orUndefined(values.map(Number)) })}
      />

      <Checkbox.Group
        label="Bottle size"
        value={search.bottlesize ?? []}
        onChange={(values) => onChange({ bottlesize: orUndefined(values) })}
      >
        <Stack gap={6} mt="xs">
          {bundle.data.bottle_sizes.map((size) => (
            <Checkbox key={size} value={size} label={size} />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}

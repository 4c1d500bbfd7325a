import { Checkbox, Loader, MultiSelect, NavLink, type NavLinkProps, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { colourLabel } from '../../lib/lot.ts';
import type { BrowseSearch } from '../../lib/search.ts';
import { browseTree, useDefaultBundle } from '../../state/defaults.ts';

export interface SearchFiltersProps {
  search: BrowseSearch;
  onChange: (patch: Partial<Pick<BrowseSearch, 'color' | 'vintage' | 'bottlesize'>>) => void;
}

const orUndefined = <T,>(values: T[]) => (values.length ? values : undefined);

type OriginLinkProps = Omit<NavLinkProps, 'renderRoot' | 'onClick' | 'children'> & {
  search: BrowseSearch;
  target: Pick<BrowseSearch, 'country' | 'region' | 'subregion'>;
  children?: ReactNode;
};

/** A country, region or subregion of the browse tree: a real link to the filtered search. */
function OriginLink({ search, target, children, ...props }: OriginLinkProps) {
  const navigate = useNavigate();
  const next = { ...search, ...target, page: 1 };
  return (
    <NavLink
      renderRoot={(rootProps) => <Link to="/search" search={next} {...rootProps} />}
      // Mantine's NavLink keeps the click of an item with children for opening it; navigate as well.
      onClick={children ? () => void navigate({ to: '/search', search: next }) : undefined}
      {...props}
    >
      {children}
    </NavLink>
  );
}

/** The browse page's filters, from the default bundle: origin, colour, vintage, bottle size. */
export function SearchFilters({ search, onChange }: SearchFiltersProps) {
  const { t } = useTranslation();
  const bundle = useDefaultBundle();
  if (bundle.state === 'loading') return <Loader size="sm" aria-label={t('ui.filters.loading')} />;
  if (bundle.state === 'hasError') {
    return (
      <Text size="sm" c="dimmed">
        {t('ui.filters.unavailable')}
      </Text>
    );
  }
  const tree = browseTree(bundle.data);
  return (
    <Stack gap="lg" data-testid="search-filters">
      <nav aria-labelledby="filter-origin">
        <Title order={2} fz="md" id="filter-origin" mb="xs">
          {t('ui.filters.origin')}
        </Title>
        <OriginLink
          search={search}
          target={{ country: undefined, region: undefined, subregion: undefined }}
          label={t('ui.filters.allCountries')}
          active={!search.country}
        />
        {tree.map((c) => (
          <OriginLink
            key={c.value}
            search={search}
            target={{ country: c.value, region: undefined, subregion: undefined }}
            label={c.value}
            description={t('ui.filters.lotCount', { n: c.count })}
            active={search.country === c.value && !search.region}
            opened={search.country === c.value}
            childrenOffset="sm"
          >
            {c.regions.map((r) => (
              <OriginLink
                key={r.value}
                search={search}
                target={{ country: c.value, region: r.value, subregion: undefined }}
                label={r.value}
                active={search.region === r.value && !search.subregion}
                opened={search.region === r.value}
                childrenOffset="sm"
              >
                {r.subregions.map((sub) => (
                  <OriginLink
                    key={sub.value}
                    search={search}
                    target={{ country: c.value, region: r.value, subregion: sub.value }}
                    label={sub.value}
                    active={search.subregion === sub.value}
                  />
                ))}
              </OriginLink>
            ))}
          </OriginLink>
        ))}
      </nav>

      <Checkbox.Group
        label={t('ui.filters.colour')}
        value={search.color ?? []}
        onChange={(values) => onChange({ color: orUndefined(values) })}
      >
        <Stack gap={6} mt="xs">
          {bundle.data.wine_colors.map((colour) => (
            <Checkbox key={colour} value={colour} label={colourLabel(colour)} />
          ))}
        </Stack>
      </Checkbox.Group>

      <MultiSelect
        label={t('ui.filters.vintage')}
        placeholder={t('ui.filters.anyVintage')}
        searchable
        clearable
        data={bundle.data.vintages.map(String)}
        value={(search.vintage ?? []).map(String)}
        onChange={(values) => onChange({ vintage: orUndefined(values.map(Number)) })}
      />

      <Checkbox.Group
        label={t('ui.filters.bottleSize')}
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

import {
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  NavLink,
  type NavLinkProps,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browseTree } from '../../lib/browse-tree.ts';
import { colourLabel } from '../../lib/lot.ts';
import { type BrowseSearch, PRICE_MAX, RATING_MAX } from '../../lib/search.ts';
import { useDefaultBundle } from '../../state/defaults.ts';
import { RangeFilter } from './RangeFilter.tsx';

export interface SearchFiltersProps {
  search: BrowseSearch;
  onChange: (patch: Partial<BrowseSearch>) => void;
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

/** The words searched for: applied on Enter (the URL keeps them, so the back button undoes them). */
function KeywordsFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: SearchFiltersProps['onChange'];
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const searchQuery = text.trim().slice(0, 100) || undefined;
    if (searchQuery !== value) onChange({ searchQuery });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some browsers (and jsdom)
    <form role="search" onSubmit={submit} aria-label={t('ui.browseSearch.keywords')}>
      <TextInput
        type="search"
        label={t('ui.browseSearch.keywords')}
        placeholder={t('ui.header.searchPlaceholder')}
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
    </form>
  );
}

/** Issue 31: the filters a collector expects: auction or buy now, closing today, no reserve, producer. */
function CollectorFilters({
  search,
  producers,
  onChange,
}: SearchFiltersProps & { producers: readonly { value: string; count: number }[] }) {
  const { t } = useTranslation();
  const options: { value: string; label: string }[] = producers.map((p) => ({
    value: p.value,
    label: t('ui.store.producerOption', { name: p.value, count: p.count }),
  }));
  // A producer from a link (a lot's page) that has no open lot left is still shown as chosen.
  if (search.producer && !producers.some((p) => p.value === search.producer)) {
    options.unshift({ value: search.producer, label: search.producer });
  }
  return (
    <>
      <Radio.Group
        label={t('ui.store.saleType')}
        value={search.sale ?? 'all'}
        onChange={(value) =>
          onChange({ sale: value === 'all' ? undefined : (value as 'auction' | 'buynow') })
        }
      >
        <Group gap="md" mt="xs">
          <Radio value="all" label={t('ui.store.saleAll')} />
          <Radio value="auction" label={t('ui.store.saleAuction')} />
          <Radio value="buynow" label={t('ui.store.saleBuyNow')} />
        </Group>
      </Radio.Group>
      <Checkbox.Group
        label={t('ui.store.more')}
        value={[
          ...(search.closing === 'today' ? ['closing'] : []),
          ...(search.reserve === 'none' ? ['noreserve'] : []),
        ]}
        onChange={(values) =>
          onChange({
            closing: values.includes('closing') ? 'today' : undefined,
            reserve: values.includes('noreserve') ? 'none' : undefined,
          })
        }
      >
        <Stack gap={6} mt="xs">
          <Checkbox value="closing" label={t('ui.store.closingToday')} />
          <Checkbox value="noreserve" label={t('ui.store.noReserve')} />
        </Stack>
      </Checkbox.Group>
      <Select
        label={t('ui.store.producer')}
        placeholder={t('ui.store.anyProducer')}
        searchable
        clearable
        data={options}
        value={search.producer ?? null}
        onChange={(value) => onChange({ producer: value ?? undefined })}
        nothingFoundMessage={t('ui.browseSearch.noSuggestions')}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}

/**
 * The browse page's filters (seeds 000 §3.2 default filter names), the menus from the default bundle:
 * words, sale type, closing today, no reserve, producer, origin, price, rating, colour, vintage,
 * bottle size.
 */
export function SearchFilters({ search, onChange }: SearchFiltersProps) {
  const { t } = useTranslation();
  const bundle = useDefaultBundle();
  // Rendered twice on a phone (the sidebar is hidden, the drawer open): ids of its own each time.
  const originId = useId();
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
      <KeywordsFilter key={search.searchQuery ?? ''} value={search.searchQuery} onChange={onChange} />
      <CollectorFilters search={search} producers={bundle.data.producers ?? []} onChange={onChange} />
      <nav aria-labelledby={originId}>
        <Title order={2} fz="md" id={originId} mb="xs">
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

      <RangeFilter
        legend={t('ui.browseSearch.price')}
        lowLabel={t('ui.browseSearch.priceMin')}
        highLabel={t('ui.browseSearch.priceMax')}
        prefix="$"
        max={PRICE_MAX}
        low={search.priceMin}
        high={search.priceMax}
        onChange={(priceMin, priceMax) => onChange({ priceMin, priceMax })}
      />

      <RangeFilter
        legend={t('ui.browseSearch.rating')}
        lowLabel={t('ui.browseSearch.ratingMin')}
        highLabel={t('ui.browseSearch.ratingMax')}
        max={RATING_MAX}
        low={search.ratingMin}
        high={search.ratingMax}
        onChange={(ratingMin, ratingMax) => onChange({ ratingMin, ratingMax })}
      />

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

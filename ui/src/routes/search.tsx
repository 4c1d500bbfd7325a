import {
  Badge,
  Button,
  CloseButton,
  Container,
  Drawer,
  Grid,
  Group,
  Pagination,
  Select,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lotSearchQuery } from '../api/queries.ts';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { QuickView } from '../components/LotDrawer/QuickView.tsx';
import { LotGrid } from '../components/LotGrid/LotGrid.tsx';
import { SaveSearch } from '../components/SaveSearch/SaveSearch.tsx';
import { SearchFilters } from '../components/SearchFilters/SearchFilters.tsx';
import { ProductGridSkeleton } from '../components/Skeletons/Skeletons.tsx';
import { colourLabel } from '../lib/lot.ts';
import {
  type BrowseSearch,
  browseSearchSchema,
  hasFilters,
  isNewLotEvent,
  lotMatches,
  pageSizeOptions,
  rangeOf,
  sortOptions,
  toSearchFilter,
  withoutFilters,
} from '../lib/search.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { useLiveLots } from '../state/live-lots.ts';

export const Route = createFileRoute('/search')({
  validateSearch: browseSearchSchema,
  search: { middlewares: browseSearchSchema.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(lotSearchQuery(toSearchFilter(deps))),
  component: SearchPage,
  // The first visit paints the header and a grid of placeholders at once, not a blank page until
  // the wines have come (seeds 001 §9 grid skeleton).
  pendingComponent: () => (
    <Container py="xl">
      <ProductGridSkeleton />
    </Container>
  ),
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function heading(search: BrowseSearch, t: TFunction): string {
  if (search.searchQuery) return t('ui.search.resultsFor', { query: search.searchQuery });
  if (search.auction) return t('ui.search.auction', { id: search.auction });
  return search.subregion ?? search.region ?? search.country ?? t('ui.header.browseWines');
}

interface Chip {
  key: string;
  label: string;
  /** What removing it changes in the URL. */
  patch: Partial<BrowseSearch>;
}

const without = <T,>(values: readonly T[], value: T) => {
  const rest = values.filter((v) => v !== value);
  return rest.length ? rest : undefined;
};

/** Every filter in force, as a removable chip (removing a country removes its region too). */
function chipsOf(search: BrowseSearch, t: TFunction): Chip[] {
  const chips: Chip[] = [];
  if (search.searchQuery)
    chips.push({ key: 'q', label: search.searchQuery, patch: { searchQuery: undefined } });
  if (search.country)
    chips.push({
      key: 'country',
      label: search.country,
      patch: { country: undefined, region: undefined, subregion: undefined },
    });
  if (search.region)
    chips.push({ key: 'region', label: search.region, patch: { region: undefined, subregion: undefined } });
  if (search.subregion)
    chips.push({ key: 'subregion', label: search.subregion, patch: { subregion: undefined } });
  if (search.sale)
    chips.push({
      key: 'sale',
      label: t(search.sale === 'auction' ? 'ui.store.chipAuction' : 'ui.store.chipBuyNow'),
      patch: { sale: undefined },
    });
  if (search.producer)
    chips.push({
      key: 'producer',
      label: t('ui.store.chipProducer', { name: search.producer }),
      patch: { producer: undefined },
    });
  if (search.closing)
    chips.push({ key: 'closing', label: t('ui.store.closingToday'), patch: { closing: undefined } });
  if (search.reserve)
    chips.push({ key: 'reserve', label: t('ui.store.noReserve'), patch: { reserve: undefined } });
  for (const c of search.color ?? [])
    chips.push({
      key: `color:${c}`,
      label: colourLabel(c),
      patch: { color: without(search.color ?? [], c) },
    });
  for (const v of search.vintage ?? [])
    chips.push({
      key: `vintage:${v}`,
      label: String(v),
      patch: { vintage: without(search.vintage ?? [], v) },
    });
  for (const b of search.bottlesize ?? [])
    chips.push({ key: `size:${b}`, label: b, patch: { bottlesize: without(search.bottlesize ?? [], b) } });
  const price = rangeOf(search.priceMin, search.priceMax);
  if (price)
    chips.push({
      key: 'price',
      label: t('ui.browseSearch.priceChip', { range: `$${price}` }),
      patch: { priceMin: undefined, priceMax: undefined },
    });
  const rating = rangeOf(search.ratingMin, search.ratingMax);
  if (rating)
    chips.push({
      key: 'rating',
      label: t('ui.browseSearch.ratingChip', { range: rating }),
      patch: { ratingMin: undefined, ratingMax: undefined },
    });
  return chips;
}

const controlLabels = {
  first: 'ui.search.firstPage',
  previous: 'ui.search.previousPage',
  next: 'ui.search.nextPage',
  last: 'ui.search.lastPage',
} as const;

function SearchPage() {
  const { t } = useTranslation();
  const search = Route.useSearch();
  const [filtersOpen, filtersDrawer] = useDisclosure(false);
  const [quickView, setQuickView] = useState<string | null>(null);
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const results = lotSearchQuery(toSearchFilter(search));
  const {
    data: { records, totalRecords },
  } = useSuspenseQuery(results);
  const loading = useRouterState({ select: (s) => s.isLoading });
  const lots = useLiveLots(records, {
    belongsHere: ({ event, lot }) => isNewLotEvent(event) && lotMatches(lot, search),
    refetch: () => void queryClient.invalidateQueries({ queryKey: results.queryKey }),
  });
  useDocumentMeta({ title: pageTitle(heading(search, t)) });

  const update = (patch: Partial<BrowseSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: patch.page ?? 1 }) });
  const pages = Math.max(1, Math.ceil(totalRecords / search.limit));
  const chips = chipsOf(search, t);

  return (
    <Container py="xl">
      <Title order={1} mb="xs">
        {heading(search, t)}
      </Title>
      <Group gap="xs" mb="lg" aria-live="polite">
        <Text c="dimmed">
          <span data-testid="total-records">{totalRecords}</span>{' '}
          {t(totalRecords === 1 ? 'ui.search.wine' : 'ui.search.wines')}
        </Text>
        {chips.map((chip) => (
          <Badge
            key={chip.key}
            variant="light"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t('ui.search.removeFilter', { value: chip.label })}
                onClick={() => update(chip.patch)}
              />
            }
          >
            {chip.label}
          </Badge>
        ))}
        {hasFilters(search) ? (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => void navigate({ search: withoutFilters(search) })}
            data-testid="clear-filters"
          >
            {t('ui.browseSearch.clearFilters')}
          </Button>
        ) : null}
      </Group>
      {/* Below the md breakpoint the filters open in a drawer, so the wines come first. */}
      <Button hiddenFrom="md" variant="outline" mb="md" onClick={filtersDrawer.open}>
        {t('ui.search.filters')}
      </Button>
      <Drawer
        opened={filtersOpen}
        onClose={filtersDrawer.close}
        title={t('ui.search.filters')}
        hiddenFrom="md"
        size="sm"
        closeButtonProps={{ 'aria-label': t('ui.common.close') }}
      >
        <SearchFilters search={search} onChange={update} />
        <Button fullWidth mt="lg" onClick={filtersDrawer.close}>
          {t('ui.browseSearch.showResults')}
        </Button>
      </Drawer>
      <Grid gap="xl">
        <Grid.Col
          span={{ base: 12, md: 3 }}
          component="aside"
          aria-label={t('ui.search.filters')}
          visibleFrom="md"
        >
          <SearchFilters search={search} onChange={update} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Group justify="flex-end" align="flex-end" mb="md" gap="sm">
            <SaveSearch search={search} />
            <Select
              label={t('ui.search.sortBy')}
              size="xs"
              w={200}
              allowDeselect={false}
              data={sortOptions.map((o) => ({ value: o.value, label: t(o.label) }))}
              value={`${search.orderby}:${search.order}`}
              onChange={(value) => {
                const [orderby, order] = (value ?? 'p.date_closed:asc').split(':') as [
                  BrowseSearch['orderby'],
                  BrowseSearch['order'],
                ];
                update({ orderby, order });
              }}
            />
            <Select
              label={t('ui.search.perPage')}
              size="xs"
              w={100}
              allowDeselect={false}
              data={pageSizeOptions.map(String)}
              value={String(search.limit)}
              onChange={(value) => update({ limit: Number(value) as BrowseSearch['limit'] })}
            />
          </Group>
          <div style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={loading}>
            <LotGrid
              lots={lots}
              label={t('ui.search.results')}
              empty={t('ui.search.noResults')}
              onQuickView={setQuickView}
            />
          </div>
          {pages > 1 ? (
            <Group justify="center" mt="xl">
              <Pagination
                total={pages}
                value={Math.min(search.page, pages)}
                onChange={(page) => {
                  update({ page });
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
                getControlProps={(control) => ({ 'aria-label': t(controlLabels[control]) })}
                data-testid="pagination"
              />
            </Group>
          ) : null}
        </Grid.Col>
      </Grid>
      <QuickView lotId={quickView} onClose={() => setQuickView(null)} />
    </Container>
  );
}

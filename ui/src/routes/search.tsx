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
import { LotDrawer } from '../components/LotDrawer/LotDrawer.tsx';
import { LotGrid } from '../components/LotGrid/LotGrid.tsx';
import { SearchFilters } from '../components/SearchFilters/SearchFilters.tsx';
import {
  type BrowseSearch,
  browseSearchSchema,
  isNewLotEvent,
  lotMatches,
  pageSizeOptions,
  sortOptions,
  toSearchFilter,
} from '../lib/search.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { useLiveLots } from '../state/live-lots.ts';

export const Route = createFileRoute('/search')({
  validateSearch: browseSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(lotSearchQuery(toSearchFilter(deps))),
  component: SearchPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function heading(search: BrowseSearch, t: TFunction): string {
  if (search.searchQuery) return t('ui.search.resultsFor', { query: search.searchQuery });
  if (search.auction) return t('ui.search.auction', { id: search.auction });
  return search.subregion ?? search.region ?? search.country ?? t('ui.header.browseWines');
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
  const chips = (
    [
      ['searchQuery', search.searchQuery],
      ['country', search.country],
      ['region', search.region],
      ['subregion', search.subregion],
    ] as const
  ).filter(([, v]) => v);

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
        {chips.map(([key, value]) => (
          <Badge
            key={key}
            variant="light"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t('ui.search.removeFilter', { value })}
                onClick={() =>
                  update(
                    key === 'country'
                      ? { country: undefined, region: undefined, subregion: undefined }
                      : key === 'region'
                        ? { region: undefined, subregion: undefined }
                        : { [key]: undefined },
                  )
                }
              />
            }
          >
            {value}
          </Badge>
        ))}
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
          <Group justify="flex-end" mb="md" gap="sm">
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
      <LotDrawer lotId={quickView} onClose={() => setQuickView(null)} />
    </Container>
  );
}

import { Chip, Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type OfferFilter, type OfferPage, type OfferView, offerFilters } from '@wine/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../Pager/Pager.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { OfferCard, OfferCardList, type OfferPerspective } from './OfferCard.tsx';
import { offerStatusLabels } from './offer-labels.ts';

/** How many offers a page shows (contracts OfferListInput's limits). */
export const OFFERS_PAGE_SIZE = 25;

/** The list's view: its filter and page (the route's search). */
export interface OfferListView {
  status: OfferFilter;
  page: number;
}

/** The filter as chips that wrap on a phone: one chosen at a time. */
export function OfferFilterChips({
  value,
  onChange,
}: {
  value: OfferFilter;
  onChange: (status: OfferFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <Chip.Group
      multiple={false}
      value={value}
      onChange={(next) => onChange(offerFilters.find((f) => f === next) ?? 'all')}
    >
      <Group gap={6} wrap="wrap" role="radiogroup" aria-label={t('ui.offers.filterLabel')} mb="md">
        {offerFilters.map((filter) => (
          <Chip key={filter} value={filter} size="sm" data-testid={`offer-filter-${filter}`}>
            {t(offerStatusLabels[filter])}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

export interface OfferListProps {
  view: OfferListView;
  onChange: (view: OfferListView) => void;
  query: Pick<UseQueryResult<OfferPage>, 'data' | 'error' | 'isError'>;
  perspective: OfferPerspective;
  /** What can be done with one offer now. */
  actionsOf: (offer: OfferView) => ReactNode;
  /** What an empty list says. */
  empty: ReactNode;
}

/** The filter, the offers as cards in the server's order (the pending first), and the pages. */
export function OfferList({ view, onChange, query, perspective, actionsOf, empty }: OfferListProps) {
  const { t } = useTranslation();
  return (
    <>
      <OfferFilterChips value={view.status} onChange={(status) => onChange({ status, page: 1 })} />
      <QueryState query={query} label={t('ui.offers.loading')} keepData>
        {(data) =>
          data.records.length === 0 ? (
            <Text c="dimmed" data-testid="offers-empty">
              {empty}
            </Text>
          ) : (
            <>
              <OfferCardList label={t(offerStatusLabels[view.status])}>
                {data.records.map((offer) => (
                  <OfferCard
                    key={offer.id}
                    offer={offer}
                    perspective={perspective}
                    actions={actionsOf(offer)}
                  />
                ))}
              </OfferCardList>
              <Pager
                page={view.page}
                pageSize={OFFERS_PAGE_SIZE}
                totalRecords={data.totalRecords}
                onPage={(page) => onChange({ ...view, page })}
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}

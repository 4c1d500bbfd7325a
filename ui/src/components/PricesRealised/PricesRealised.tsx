import { Button, Card, Group, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { RealisedPrice } from '@wine/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { LotImage } from '../LotImage/LotImage.tsx';
import { PRICES_REALISED_PAGE_SIZE, type PricesRealisedSearch } from './prices-realised.ts';

export interface PricesRealisedProps {
  search: PricesRealisedSearch;
  records: RealisedPrice[];
  totalRecords: number;
  /** A new search (back to its first page) or another page. */
  onSearch: (next: PricesRealisedSearch) => void;
}

const controlLabels = {
  first: 'ui.search.firstPage',
  previous: 'ui.search.previousPage',
  next: 'ui.search.nextPage',
  last: 'ui.search.lastPage',
} as const;

/** The words, producer and vintage searched for: applied together on Search (the URL keeps them). */
function PricesRealisedForm({ search, onSearch }: Pick<PricesRealisedProps, 'search' | 'onSearch'>) {
  const { t } = useTranslation();
  const [q, setQ] = useState(search.q ?? '');
  const [producer, setProducer] = useState(search.producer ?? '');
  const [vintage, setVintage] = useState(search.vintage?.toString() ?? '');
  const [vintageError, setVintageError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const year = vintage.trim();
    if (year && !/^\d{4}$/.test(year)) return setVintageError(t('ui.store.prVintageInvalid'));
    onSearch({
      q: q.trim() || undefined,
      producer: producer.trim() || undefined,
      vintage: year ? Number(year) : undefined,
      page: 1,
    });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some browsers (and jsdom)
    <form role="search" aria-label={t('ui.store.prTitle')} onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('ui.store.prSearch')}
          placeholder={t('ui.store.prSearchPlaceholder')}
          maxLength={100}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <TextInput
          label={t('ui.store.prProducer')}
          maxLength={100}
          value={producer}
          onChange={(e) => setProducer(e.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
        <TextInput
          label={t('ui.store.prVintage')}
          inputMode="numeric"
          maxLength={4}
          value={vintage}
          error={vintageError}
          onChange={(e) => {
            setVintage(e.currentTarget.value);
            setVintageError(null);
          }}
          w={{ base: '100%', sm: 110 }}
        />
        <Group gap="xs">
          <Button type="submit">{t('ui.store.prSubmit')}</Button>
          {search.q || search.producer || search.vintage ? (
            <Button
              variant="subtle"
              onClick={() => {
                setQ('');
                setProducer('');
                setVintage('');
                onSearch({ q: undefined, producer: undefined, vintage: undefined, page: 1 });
              }}
            >
              {t('ui.store.prClear')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </form>
  );
}

/** One lot as it sold: a card at every width, so nothing is cut off on a phone. */
function RealisedPriceCard({ lot }: { lot: RealisedPrice }) {
  const { t } = useTranslation();
  const id = `realised-${lot.id}`;
  const details = [lot.producer, lot.vintage?.toString(), lot.bottle_size].filter(Boolean).join(' · ');
  return (
    <Card component="li" withBorder padding="sm" aria-labelledby={id} data-testid="realised-price">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <LotImage src={lot.image ?? undefined} alt="" w={64} h={64} radius="sm" />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <AnchorLink to="/productview/$pid" params={{ pid: lot.id }} fw={600} id={id}>
            {lot.title}
          </AnchorLink>
          <Text size="sm" c="dimmed">
            {details}
          </Text>
          <dl style={{ margin: 0, display: 'flex', flexWrap: 'wrap', columnGap: 16, rowGap: 2 }}>
            <Group gap={4} wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed">
                {t('ui.store.prHammer')}:
              </Text>
              <Text component="dd" size="sm" fw={700} m={0} data-testid="hammer-price">
                {formatMoney(lot.hammer_price)}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed">
                {t('ui.store.prClosed')}:
              </Text>
              <Text component="dd" size="sm" m={0}>
                {formatDate(lot.closed_at)}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed">
                {t('ui.store.prBottles')}:
              </Text>
              <Text component="dd" size="sm" m={0}>
                {lot.qty}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed">
                {t('ui.store.prBids')}:
              </Text>
              <Text component="dd" size="sm" m={0}>
                {lot.bid_count}
              </Text>
            </Group>
          </dl>
        </Stack>
      </Group>
    </Card>
  );
}

/** Issue 31: prices realised, the public search of lots sold at auction with their hammer prices. */
export function PricesRealised({ search, records, totalRecords, onSearch }: PricesRealisedProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(totalRecords / PRICES_REALISED_PAGE_SIZE));
  return (
    <Stack gap="lg" data-testid="prices-realised">
      <div>
        <Title order={1} mb="xs">
          {t('ui.store.prTitle')}
        </Title>
        <Text c="dimmed" maw={720}>
          {t('ui.store.prIntro')}
        </Text>
      </div>
      <PricesRealisedForm
        key={`${search.q ?? ''}|${search.producer ?? ''}|${search.vintage ?? ''}`}
        search={search}
        onSearch={onSearch}
      />
      <Text c="dimmed" aria-live="polite" data-testid="realised-count">
        {totalRecords === 1 ? t('ui.store.prCountOne') : t('ui.store.prCountMany', { count: totalRecords })}
      </Text>
      {records.length === 0 ? (
        <Text py="xl" ta="center" c="dimmed" data-testid="realised-empty">
          {t('ui.store.prEmpty')}
        </Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, md: 2 }}
          spacing="sm"
          aria-label={t('ui.store.prList')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {records.map((lot) => (
            <RealisedPriceCard key={lot.id} lot={lot} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 ? (
        <Group justify="center" component="nav" aria-label={t('ui.store.prPages')}>
          <Pagination
            total={pages}
            value={Math.min(search.page, pages)}
            onChange={(page) => onSearch({ ...search, page })}
            getControlProps={(control) => ({ 'aria-label': t(controlLabels[control]) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

import {
  Badge,
  Card,
  Container,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StaffAuctionRow, StaffAuctionStatus } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { staffAuctionsQuery } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useListSearch } from '../../lib/use-list-search.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { PagedRecords } from '../Pager/PagedRecords.tsx';
import { type StaffAuctionFilterStatus, staffAuctionFilterStatuses } from './staff-auction-filters.ts';

export const STAFF_AUCTIONS_PAGE_SIZE = 25;

/** The list's view, kept in the URL (/admin/auctions?status=&q=&page=). */
export interface StaffAuctionsView {
  status: StaffAuctionFilterStatus;
  q?: string | undefined;
  page: number;
}

const statusLabel = {
  all: 'ui.staff.auctions.status_all',
  upcoming: 'ui.staff.auctions.status_upcoming',
  open: 'ui.staff.auctions.status_open',
  closed: 'ui.staff.auctions.status_closed',
} as const satisfies Record<StaffAuctionFilterStatus, `ui.${string}`>;

const statusColour: Record<StaffAuctionStatus, string> = { upcoming: 'blue', open: 'green', closed: 'gray' };

export const kindLabel = {
  timed: 'ui.staff.auctions.kind_timed',
  live: 'ui.staff.auctions.kind_live',
} as const satisfies Record<StaffAuctionRow['kind'], `ui.${string}`>;

export function AuctionStatusBadge({ status }: { status: StaffAuctionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColour[status]} variant="light" data-testid="auction-status">
      {t(statusLabel[status])}
    </Badge>
  );
}

/** /admin/auctions (admins): every auction, latest opening first, narrowed by status and title. */
export function StaffAuctions({
  view,
  onChange,
}: {
  view: StaffAuctionsView;
  onChange: (view: StaffAuctionsView) => void;
}) {
  const { t } = useTranslation();
  const { text, onText } = useListSearch(view, onChange);
  const list = useQuery({
    ...staffAuctionsQuery({
      status: view.status,
      ...(view.q ? { text: view.q } : {}),
      page: view.page,
      limit: STAFF_AUCTIONS_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1}>{t('ui.staff.auctions.title')}</Title>
        <ButtonLink to="/admin/auctions/new" data-testid="new-auction">
          {t('ui.staff.auctions.newAuction')}
        </ButtonLink>
      </Group>
      <Card withBorder mb="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('ui.staff.auctions.status')}
            data={staffAuctionFilterStatuses.map((value) => ({ value, label: t(statusLabel[value]) }))}
            value={view.status}
            allowDeselect={false}
            onChange={(value) =>
              onChange({ ...view, status: (value as StaffAuctionFilterStatus) ?? 'all', page: 1 })
            }
            w={170}
            data-testid="staff-auctions-status"
          />
          <TextInput
            label={t('ui.staff.auctions.search')}
            placeholder={t('ui.staff.auctions.searchPlaceholder')}
            value={text}
            onChange={(event) => onText(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            maxLength={100}
            data-testid="staff-auctions-search"
          />
        </Group>
      </Card>
      <PagedRecords
        query={list}
        label={t('ui.staff.auctions.loading')}
        empty={t('ui.staff.auctions.empty')}
        emptyTestId="staff-auctions-empty"
        count={(count) => t('ui.staff.auctions.count', { count })}
        page={view.page}
        pageSize={STAFF_AUCTIONS_PAGE_SIZE}
        onPage={(page) => onChange({ ...view, page })}
      >
        {(records) => (
          <>
            <Stack gap="sm" hiddenFrom="sm">
              {records.map((row) => (
                <AuctionCard key={row.id} row={row} />
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={860} visibleFrom="sm">
              <Table striped verticalSpacing="sm" data-testid="staff-auctions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ui.staff.auctions.auction')}</Table.Th>
                    <Table.Th w={120}>{t('ui.staff.auctions.status')}</Table.Th>
                    <Table.Th>{t('ui.staff.auctions.opens')}</Table.Th>
                    <Table.Th>{t('ui.staff.auctions.closes')}</Table.Th>
                    <Table.Th ta="right">{t('ui.staff.auctions.lots')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('ui.common.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {records.map((row) => (
                    <AuctionTableRow key={row.id} row={row} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </PagedRecords>
    </Container>
  );
}

function EditAuctionLink({ row }: { row: StaffAuctionRow }) {
  const { t } = useTranslation();
  return (
    <ButtonLink
      to="/admin/auctions/$id"
      params={{ id: row.id }}
      size="xs"
      variant="light"
      aria-label={t('ui.staff.auctions.editAuction', { title: row.title })}
    >
      {t('ui.staff.auctions.edit')}
    </ButtonLink>
  );
}

function AuctionCard({ row }: { row: StaffAuctionRow }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="staff-auction-card" data-auction-id={row.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm">
          {row.title}
        </Text>
        <AuctionStatusBadge status={row.status} />
      </Group>
      <Text size="xs" c="dimmed">
        {t(kindLabel[row.kind])} · {t('ui.staff.auctions.lotCount', { count: row.lotCount })} ·{' '}
        {t('ui.staff.auctions.perMinute', { count: row.lotsPerMinute })}
      </Text>
      <Text size="sm" mt={4}>
        {t('ui.staff.auctions.opens')} {formatDateTime(row.startsAt)}
      </Text>
      <Text size="sm">
        {t('ui.staff.auctions.closes')}{' '}
        {t('ui.staff.auctions.closeSpan', {
          from: formatDateTime(row.firstCloseAt),
          to: formatDateTime(row.lastCloseAt),
        })}
      </Text>
      <Group justify="flex-end" mt="xs">
        <EditAuctionLink row={row} />
      </Group>
    </Card>
  );
}

function AuctionTableRow({ row }: { row: StaffAuctionRow }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="staff-auction-row" data-auction-id={row.id}>
      <Table.Td>
        <Text fw={600} size="sm">
          {row.title}
        </Text>
        <Text size="xs" c="dimmed">
          {t(kindLabel[row.kind])} · {row.id}
        </Text>
      </Table.Td>
      <Table.Td>
        <AuctionStatusBadge status={row.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          <DateTime iso={row.startsAt} withTime />
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {t('ui.staff.auctions.closeSpan', {
            from: formatDateTime(row.firstCloseAt),
            to: formatDateTime(row.lastCloseAt),
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('ui.staff.auctions.perMinute', { count: row.lotsPerMinute })}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{row.lotCount}</Text>
      </Table.Td>
      <Table.Td>
        <EditAuctionLink row={row} />
      </Table.Td>
    </Table.Tr>
  );
}

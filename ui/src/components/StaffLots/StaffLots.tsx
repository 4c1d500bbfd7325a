import {
  Anchor,
  Badge,
  Card,
  CloseButton,
  Container,
  Group,
  Pill,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StaffLotRow } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { staffAuctionsQuery, staffLotsQuery } from '../../api/queries.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useListSearch } from '../../lib/use-list-search.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { PagedRecords } from '../Pager/PagedRecords.tsx';
import { StaffLotStatusBadge, staffLotStatusLabel } from './StaffLotStatusBadge.tsx';
import { type StaffLotFilterStatus, staffLotFilterStatuses } from './staff-lot-filters.ts';

export const STAFF_LOTS_PAGE_SIZE = 25;

/** The list's view, kept in the URL (/admin/lots?status=&auction=&seller=&q=&page=). */
export interface StaffLotsView {
  status: StaffLotFilterStatus;
  auction?: string | undefined;
  seller?: string | undefined;
  q?: string | undefined;
  page: number;
}

/**
 * /admin/lots (admins): every lot, last changed first, narrowed by status, auction, seller (a seller's
 * name in a row narrows to their lots) and text, a page at a time; each row opens the lot's editor.
 */
export function StaffLots({
  view,
  onChange,
}: {
  view: StaffLotsView;
  onChange: (view: StaffLotsView) => void;
}) {
  const { t } = useTranslation();
  const { text, onText } = useListSearch(view, onChange);
  const list = useQuery({
    ...staffLotsQuery({
      status: view.status,
      ...(view.auction ? { auctionId: view.auction } : {}),
      ...(view.seller ? { sellerId: view.seller } : {}),
      ...(view.q ? { text: view.q } : {}),
      page: view.page,
      limit: STAFF_LOTS_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const auctions = useQuery(staffAuctionsQuery({ limit: 100 }));
  const sellerName =
    list.data?.records.find((row) => row.seller.id === view.seller)?.seller.name ?? view.seller;

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1}>{t('ui.staff.lots.title')}</Title>
        <Group gap="xs">
          <ButtonLink to="/admin/lots/import" variant="default" data-testid="import-lots">
            {t('ui.staff.import.open')}
          </ButtonLink>
          <ButtonLink to="/admin/lots/new" data-testid="new-lot">
            {t('ui.staff.lots.newLot')}
          </ButtonLink>
        </Group>
      </Group>
      <Card withBorder mb="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('ui.staff.lots.status')}
            data={staffLotFilterStatuses.map((value) => ({
              value,
              label: t(staffLotStatusLabel[value]),
            }))}
            value={view.status}
            allowDeselect={false}
            onChange={(value) =>
              onChange({ ...view, status: (value as StaffLotFilterStatus) ?? 'all', page: 1 })
            }
            w={170}
            data-testid="staff-lots-status"
          />
          <Select
            label={t('ui.staff.lots.auction')}
            placeholder={t('ui.staff.lots.anyAuction')}
            data={(auctions.data?.records ?? []).map((a) => ({ value: a.id, label: a.title }))}
            value={view.auction ?? null}
            clearable
            searchable
            onChange={(value) => onChange({ ...view, auction: value ?? undefined, page: 1 })}
            w={200}
            data-testid="staff-lots-auction"
          />
          <TextInput
            label={t('ui.staff.lots.search')}
            placeholder={t('ui.staff.lots.searchPlaceholder')}
            value={text}
            onChange={(event) => onText(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            maxLength={100}
            data-testid="staff-lots-search"
          />
        </Group>
        {view.seller ? (
          <Group mt="sm" gap="xs">
            <Pill size="md" data-testid="staff-lots-seller">
              {t('ui.staff.lots.sellerFilter', { name: sellerName })}
            </Pill>
            <CloseButton
              size="sm"
              aria-label={t('ui.staff.lots.clearSeller')}
              onClick={() => onChange({ ...view, seller: undefined, page: 1 })}
            />
          </Group>
        ) : null}
      </Card>
      <PagedRecords
        query={list}
        label={t('ui.staff.lots.loading')}
        empty={t('ui.staff.lots.empty')}
        emptyTestId="staff-lots-empty"
        count={(count) => t('ui.staff.lots.count', { count })}
        page={view.page}
        pageSize={STAFF_LOTS_PAGE_SIZE}
        onPage={(page) => onChange({ ...view, page })}
      >
        {(records) => (
          <>
            <Stack gap="sm" hiddenFrom="sm">
              {records.map((row) => (
                <StaffLotCard
                  key={row.id}
                  row={row}
                  onSeller={() => onChange({ ...view, seller: row.seller.id, page: 1 })}
                />
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={960} visibleFrom="sm">
              <Table striped verticalSpacing="sm" data-testid="staff-lots">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ui.staff.lots.lot')}</Table.Th>
                    <Table.Th w={120}>{t('ui.staff.lots.status')}</Table.Th>
                    <Table.Th>{t('ui.staff.lots.seller')}</Table.Th>
                    <Table.Th ta="right">{t('ui.staff.lots.price')}</Table.Th>
                    <Table.Th ta="right">{t('ui.staff.lots.reserve')}</Table.Th>
                    <Table.Th>{t('ui.staff.lots.closes')}</Table.Th>
                    <Table.Th>{t('ui.staff.lots.changed')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('ui.common.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {records.map((row) => (
                    <StaffLotTableRow
                      key={row.id}
                      row={row}
                      onSeller={() => onChange({ ...view, seller: row.seller.id, page: 1 })}
                    />
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

/** Opens a lot's editor. */
function EditLotLink({ row }: { row: StaffLotRow }) {
  const { t } = useTranslation();
  return (
    <ButtonLink
      to="/admin/lots/$id"
      params={{ id: row.id }}
      size="xs"
      variant="light"
      aria-label={t('ui.staff.lots.editLot', { title: row.title })}
    >
      {t('ui.staff.lots.edit')}
    </ButtonLink>
  );
}

/** The seller's name, which narrows the list to their lots. */
function SellerLink({ row, onSeller }: { row: StaffLotRow; onSeller: () => void }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component="button"
      size="sm"
      onClick={onSeller}
      aria-label={t('ui.staff.lots.onlySeller', { name: row.seller.name })}
    >
      {row.seller.name}
    </Anchor>
  );
}

/** Issue 36 §5: a private sale, seen by its invited buyers only. */
function PrivateBadge({ row }: { row: StaffLotRow }) {
  const { t } = useTranslation();
  return row.privateSale ? (
    <Badge size="xs" variant="light" color="grape" data-testid="staff-lot-private">
      {t('ui.privateSale.listBadge')}
    </Badge>
  ) : null;
}

/** The price a row shows: the buy-now price of a lot sold only that way, else the current bid. */
const shownPrice = (row: StaffLotRow) => (row.buyNow && !row.auction ? (row.buyNowPrice ?? 0) : row.price);

/** A phone's row: the same facts, one card per lot. */
function StaffLotCard({ row, onSeller }: { row: StaffLotRow; onSeller: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="staff-lot-card" data-lot-id={row.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm">
          {row.lotNumber ? `${row.lotNumber} · ` : ''}
          {row.title}
        </Text>
        <Group gap={4} wrap="nowrap">
          <PrivateBadge row={row} />
          <StaffLotStatusBadge status={row.status} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {[row.producer, row.vintage, row.sku].filter(Boolean).join(' · ')}
      </Text>
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="sm">
          {formatMoney(shownPrice(row))} ·{' '}
          {row.auction
            ? t('ui.staff.lots.bids', { count: row.bidCount })
            : t('ui.staff.lots.bottles', { sold: row.sold, quantity: row.quantity })}
        </Text>
        <Text size="sm">
          {t('ui.staff.lots.reserve')}:{' '}
          {row.reserve ? formatMoney(row.reserve) : t('ui.staff.lots.noReserve')}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('ui.staff.lots.closes')} {formatDateTime(row.closesAt)}
      </Text>
      <Group justify="space-between" mt="xs">
        <SellerLink row={row} onSeller={onSeller} />
        <EditLotLink row={row} />
      </Group>
    </Card>
  );
}

function StaffLotTableRow({ row, onSeller }: { row: StaffLotRow; onSeller: () => void }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="staff-lot-row" data-lot-id={row.id}>
      <Table.Td>
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {row.lotNumber ? `${row.lotNumber} · ` : ''}
            {row.title}
          </Text>
          <Text size="xs" c="dimmed">
            {[row.producer, row.vintage, row.sku, row.auctionId].filter(Boolean).join(' · ')}
          </Text>
          <Group gap={4} mt={2}>
            {row.auction ? (
              <Badge size="xs" variant="outline">
                {t('ui.staff.lots.kindAuction')}
              </Badge>
            ) : null}
            {row.buyNow ? (
              <Badge size="xs" variant="outline" color="gray">
                {t('ui.staff.lots.kindBuyNow')}
              </Badge>
            ) : null}
            <PrivateBadge row={row} />
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>
        <StaffLotStatusBadge status={row.status} />
      </Table.Td>
      <Table.Td>
        <SellerLink row={row} onSeller={onSeller} />
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{formatMoney(shownPrice(row))}</Text>
        <Text size="xs" c="dimmed">
          {row.auction
            ? t('ui.staff.lots.bids', { count: row.bidCount })
            : t('ui.staff.lots.bottles', { sold: row.sold, quantity: row.quantity })}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{row.reserve ? formatMoney(row.reserve) : t('ui.staff.lots.noReserve')}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          <DateTime iso={row.closesAt} withTime />
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          <DateTime iso={row.changedAt} withTime />
        </Text>
        <Text size="xs" c="dimmed">
          {t('ui.staff.lots.changedBy', { name: row.changedBy.name })}
        </Text>
      </Table.Td>
      <Table.Td>
        <EditLotLink row={row} />
      </Table.Td>
    </Table.Tr>
  );
}

import { Alert, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InputOf, SellerListing } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sellerListingsQuery } from '../../api/queries.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { ButtonLink } from '../ButtonLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { Pager } from '../Pager/Pager.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { StaffLotStatusBadge } from '../StaffLots/StaffLotStatusBadge.tsx';

type Narrowed = NonNullable<InputOf<'sellerListings'>['status']>;
const narrowings = ['all', 'drafts', 'live', 'ended'] as const satisfies readonly Narrowed[];
const narrowingLabel = {
  all: 'ui.staff.seller.show_all',
  drafts: 'ui.staff.seller.show_drafts',
  live: 'ui.staff.seller.show_live',
  ended: 'ui.staff.seller.show_ended',
} as const satisfies Record<Narrowed, `ui.${string}`>;
const LIMIT = 25;

/**
 * /myWines/selling (issue 33 "Sellers"): the seller's own listings, drafts first in mind: where each
 * stands (a draft, with the house, sent back with a note, live, ended), its price and how it is doing
 * (bids, watchers, views). Each opens the seller's editor; "List a wine" starts a draft.
 */
export function SellerListings() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Narrowed>('all');
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...sellerListingsQuery({ status, page, limit: LIMIT }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card withBorder component="section" aria-labelledby="seller-listings" mb="xl">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Stack gap={2}>
          <Title order={2} fz="h3" id="seller-listings">
            {t('ui.staff.seller.listings')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ui.staff.seller.listingsHint')}
          </Text>
        </Stack>
        <ButtonLink to="/myWines/selling/new" data-testid="list-a-wine">
          {t('ui.staff.seller.listWine')}
        </ButtonLink>
      </Group>
      <SegmentedControl
        mb="sm"
        size="xs"
        value={status}
        onChange={(value) => {
          setStatus(value as Narrowed);
          setPage(1);
        }}
        data={narrowings.map((value) => ({ value, label: t(narrowingLabel[value]) }))}
        aria-label={t('ui.staff.seller.show')}
      />
      <QueryState query={list} label={t('ui.staff.seller.loading')} keepData error="alert">
        {(data) =>
          data.totalRecords === 0 ? (
            <Alert color="gray" data-testid="seller-listings-empty">
              {t('ui.staff.seller.none')}
            </Alert>
          ) : (
            <>
              <Stack gap="xs" hiddenFrom="sm" data-testid="seller-listing-cards">
                {data.records.map((listing) => (
                  <ListingCard key={listing.id} listing={listing} />
                ))}
              </Stack>
              <Table.ScrollContainer minWidth={760} visibleFrom="sm">
                <Table striped verticalSpacing="sm" data-testid="seller-listings">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ui.staff.lots.lot')}</Table.Th>
                      <Table.Th w={130}>{t('ui.staff.lots.status')}</Table.Th>
                      <Table.Th ta="right">{t('ui.staff.lots.price')}</Table.Th>
                      <Table.Th ta="right">{t('ui.staff.seller.bids')}</Table.Th>
                      <Table.Th ta="right">{t('ui.staff.seller.watchers')}</Table.Th>
                      <Table.Th ta="right">{t('ui.staff.seller.views')}</Table.Th>
                      <Table.Th>{t('ui.staff.lots.closes')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.records.map((listing) => (
                      <ListingRow key={listing.id} listing={listing} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager page={page} pageSize={LIMIT} totalRecords={data.totalRecords} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </Card>
  );
}

function ListingRow({ listing }: { listing: SellerListing }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="seller-listing">
      <Table.Td>
        <AnchorLink to="/myWines/selling/$id" params={{ id: listing.id }} fw={600}>
          {listing.title}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          {[listing.producer, listing.vintage].filter(Boolean).join(' · ')}
        </Text>
        {listing.reviewNote ? (
          <Text size="xs" fs="italic" data-testid="seller-listing-note">
            {t('ui.staff.seller.noteFromHouse', { note: listing.reviewNote })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <StaffLotStatusBadge status={listing.status} />
      </Table.Td>
      <Table.Td ta="right">
        {formatMoney(listing.price)}
        <Text size="xs" c="dimmed" data-testid="seller-listing-sold">
          {t('ui.staff.seller.soldOf', { sold: listing.sold, quantity: listing.quantity })}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{listing.bidCount}</Table.Td>
      <Table.Td ta="right">{listing.watchers}</Table.Td>
      <Table.Td ta="right">{listing.views}</Table.Td>
      <Table.Td>
        <DateTime iso={listing.closesAt} withTime />
      </Table.Td>
    </Table.Tr>
  );
}

/** A listing on a phone: what the table's row says, one under the other. */
function ListingCard({ listing }: { listing: SellerListing }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <AnchorLink to="/myWines/selling/$id" params={{ id: listing.id }} fw={600}>
          {listing.title}
        </AnchorLink>
        <StaffLotStatusBadge status={listing.status} />
      </Group>
      {listing.reviewNote ? (
        <Text size="xs" fs="italic">
          {t('ui.staff.seller.noteFromHouse', { note: listing.reviewNote })}
        </Text>
      ) : null}
      <Text size="sm" mt={4}>
        {formatMoney(listing.price)} ·{' '}
        {t('ui.staff.seller.soldOf', { sold: listing.sold, quantity: listing.quantity })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('ui.staff.seller.bids')}: {listing.bidCount} · {t('ui.staff.seller.watchers')}: {listing.watchers}{' '}
        · {t('ui.staff.seller.views')}: {listing.views}
      </Text>
      <Text size="sm" c="dimmed">
        {t('ui.staff.lots.closes')}: {formatDateTime(listing.closesAt)}
      </Text>
    </Card>
  );
}

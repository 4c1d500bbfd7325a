import { Anchor, Card, Container, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { LotView } from '@wine/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { useLiveLots } from '../../state/live-lots.ts';
import { sessionAtom } from '../../state/session.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { QuickView } from '../LotDrawer/QuickView.tsx';
import { LotGrid } from '../LotGrid/LotGrid.tsx';
import { Pager } from '../Pager/Pager.tsx';
import { SellerListings } from '../SellerListings/SellerListings.tsx';
import { SellerStatementSection } from '../SellerStatement/SellerStatement.tsx';
import { MyWinesTabs } from './MyWinesTabs.tsx';
import classes from './SellerLots.module.css';
import { pageSizeOptions, type SellerLotsKind } from './seller-lots.ts';

const LIST_HEADING = 'seller-lots-heading';

export interface SellerLotsProps {
  kind: SellerLotsKind;
  records: LotView[];
  totalRecords: number;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: (typeof pageSizeOptions)[number]) => void;
  /** Reload the list (a resync from the socket). */
  refetch: () => void;
}

/**
 * seeds 000 §2.3 /myWines/selling and /myWines/sold (001 §2 "seller lists"): the signed-in user's own
 * lots for sale, as live lot cards, or sold, with the price and the close date (never the buyer).
 */
export function SellerLots({
  kind,
  records,
  totalRecords,
  page,
  limit,
  onPage,
  onLimit,
  refetch,
}: SellerLotsProps) {
  const { t } = useTranslation();
  return (
    <Container py="xl" data-testid={`seller-lots-${kind}`}>
      <Title order={1} mb={4}>
        {t('ui.accountMenu.myWines')}
      </Title>
      <Text c="dimmed" mb="md">
        {t(kind === 'selling' ? 'ui.sellerLots.sellingIntro' : 'ui.sellerLots.soldIntro')}
      </Text>
      <MyWinesTabs current={kind} />
      {kind === 'selling' ? <SellerListingsForSellers /> : <SellerStatementSection />}
      {totalRecords === 0 ? (
        <EmptyState kind={kind} />
      ) : (
        <>
          <Group justify="space-between" align="flex-end" mb="md">
            <div>
              <Title order={2} fz="h3" id={LIST_HEADING}>
                {t(kind === 'selling' ? 'ui.sellerLots.sellingList' : 'ui.sellerLots.soldList')}
              </Title>
              <Text c="dimmed" aria-live="polite">
                <span data-testid="total-records">{totalRecords}</span>{' '}
                {t(totalRecords === 1 ? 'ui.sellerLots.lot' : 'ui.sellerLots.lots')}
              </Text>
            </div>
            <Select
              label={t('ui.sellerLots.perPage')}
              size="xs"
              w={100}
              allowDeselect={false}
              data={pageSizeOptions.map(String)}
              value={String(limit)}
              onChange={(value) => onLimit(Number(value) as (typeof pageSizeOptions)[number])}
            />
          </Group>
          {kind === 'selling' ? (
            <SellingGrid records={records} refetch={refetch} />
          ) : (
            <SoldTable records={records} />
          )}
          <Pager page={page} pageSize={limit} totalRecords={totalRecords} onPage={onPage} />
        </>
      )}
    </Container>
  );
}

/** A user who sells nothing (yet) learns how to start: the Sell Your Wine page. */
function EmptyState({ kind }: { kind: SellerLotsKind }) {
  const { t } = useTranslation();
  // A seller lists their own wine (above); anyone else is shown the way to sell through the house. A
  // seller's sales are on their statement, above the sold list (a lot sold out by buy now closes later).
  const seller = useIsSeller();
  if (seller && kind === 'sold') return null;
  if (seller) {
    return (
      <Card withBorder data-testid="seller-lots-empty">
        <Text fw={600}>
          {t(kind === 'selling' ? 'ui.sellerLots.sellingEmpty' : 'ui.sellerLots.soldEmpty')}
        </Text>
      </Card>
    );
  }
  return (
    <Card withBorder data-testid="seller-lots-empty">
      <Stack gap="xs">
        <Text fw={600}>
          {t(kind === 'selling' ? 'ui.sellerLots.sellingEmpty' : 'ui.sellerLots.soldEmpty')}
        </Text>
        <Text size="sm">
          {t('ui.sellerLots.howToSell')}{' '}
          <Anchor href="/sellingwine">{t('ui.sellerLots.sellYourWine')}</Anchor>
        </Text>
      </Stack>
    </Card>
  );
}

/** The lots for sale as lot cards, kept live (price, bids, close) as on the home and search pages. */
function SellingGrid({ records, refetch }: { records: LotView[]; refetch: () => void }) {
  const { t } = useTranslation();
  const [quickView, setQuickView] = useState<string | null>(null);
  // The socket names no seller, so a lot listed elsewhere never belongs here; a resync reloads.
  const lots = useLiveLots(records, { belongsHere: () => false, refetch });
  return (
    <>
      <LotGrid lots={lots} label={t('ui.sellerLots.sellingList')} empty="" onQuickView={setQuickView} />
      <QuickView lotId={quickView} onClose={() => setQuickView(null)} />
    </>
  );
}

/** The sold lots: the wine, the sold price and the date it closed. */
function SoldTable({ records }: { records: LotView[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped className={classes.table} data-testid="sold-lots" aria-labelledby={LIST_HEADING}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('ui.sellerLots.wine')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('ui.sellerLots.soldPrice')}
            </Table.Th>
            <Table.Th scope="col">{t('ui.sellerLots.dateClosed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((lot) => (
            <Table.Tr key={lot.id} data-testid="sold-lot">
              <Table.Td>
                <AnchorLink to="/productview/$pid" params={{ pid: lot.id }}>
                  {lot.title}
                </AnchorLink>
                {lot.custitemlot_number ? (
                  <Text size="xs" c="dimmed">
                    {t('ui.sellerLots.lotNumber', { number: lot.custitemlot_number })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td className={classes.number} data-testid="sold-price">
                {formatMoney(lot.buynowamount ?? lot.wprice)}
              </Table.Td>
              <Table.Td>
                <DateTime iso={lot.date_closed} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A seller's listings (issue 33), for users with the seller role: anyone else sells through the enquiry form. */
function SellerListingsForSellers() {
  return useIsSeller() ? <SellerListings /> : null;
}

function useIsSeller() {
  const session = useAtomValue(sessionAtom);
  return session.status === 'authenticated' && session.user.roles.includes('seller');
}

import { Badge, Container, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import type { AuctionDetail, LotView } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { ButtonLink } from '../ButtonLink.tsx';
import { Countdown } from '../Countdown/Countdown.tsx';
import { QuickView } from '../LotDrawer/QuickView.tsx';
import { LotGrid } from '../LotGrid/LotGrid.tsx';
import classes from './LiveAuction.module.css';
import { AUCTION_PAGE_SIZE } from './live-auction.ts';

/** One page of lots, with its number and the total that matched. */
export interface LotsPage {
  lots: LotView[];
  totalRecords: number;
  page: number;
  onPage: (page: number) => void;
}

export interface LiveAuctionProps {
  auction: AuctionDetail;
  /** The open lots, closing soonest first (kept live by the route). */
  open: LotsPage;
  /** The closed lots, closed most recently first. */
  closed: LotsPage;
}

const controlLabels = {
  first: 'ui.search.firstPage',
  previous: 'ui.search.previousPage',
  next: 'ui.search.nextPage',
  last: 'ui.search.lastPage',
} as const;

// Lots counting down to their close have no start of their own here: the auction's next close is counted to.
const LONG_AGO = new Date(0).toISOString();

/** seeds 000 §2.1 "Live auction": one auction, when its lots close, its open lots first, then the closed ones. */
export function LiveAuction({ auction, open, closed }: LiveAuctionProps) {
  const { t } = useTranslation();
  const [quickView, setQuickView] = useState<string | null>(null);
  const id = auction.auctionid;
  return (
    <Container py="xl" data-testid="live-auction">
      <AnchorLink to="/auction" size="sm">
        {t('ui.liveAuction.back')}
      </AnchorLink>
      <Title order={1} mt="xs" mb="xs">
        {auction.title ?? t('ui.liveAuction.title', { id })}
      </Title>
      <Stack gap={4} mb="lg">
        {auction.kind ? (
          <Badge variant="outline" size="sm" w="fit-content" data-testid="auction-kind">
            {t(auction.kind === 'live' ? 'ui.auctions.kind_live' : 'ui.auctions.kind_timed')}
          </Badge>
        ) : null}
        {auction.description ? <Text data-testid="auction-description">{auction.description}</Text> : null}
        {/* Issue 37 §6: maximums on many of its lots within one limit. */}
        <AnchorLink to="/bidsheet/$aid" params={{ aid: id }} size="sm" data-testid="bid-sheet-link">
          {t('ui.bidSheet.link')}
        </AnchorLink>
        <Text data-testid="auction-counts">
          {t(auction.lot_count === 1 ? 'ui.liveAuction.openOne' : 'ui.liveAuction.openMany', {
            open: auction.open_count,
            total: auction.lot_count,
          })}
        </Text>
        <Text c="dimmed" size="sm">
          {t('ui.liveAuction.closing', {
            from: formatDateTime(auction.first_close),
            to: formatDateTime(auction.last_close),
          })}
        </Text>
        <Group gap="xs" data-testid="auction-next-close">
          {auction.next_close ? (
            <>
              <Text size="sm" fw={600}>
                {t('ui.liveAuction.nextClose')}
              </Text>
              <Countdown
                lot={{ market_status: 'open', date_added: LONG_AGO, date_closed: auction.next_close }}
              />
            </>
          ) : (
            <Text size="sm" fw={600}>
              {t('ui.liveAuction.allClosed')}
            </Text>
          )}
        </Group>
        {auction.premium_text ? (
          <Text size="sm" c="dimmed" data-testid="auction-premium">
            {auction.premium_text}
          </Text>
        ) : null}
        <Group gap={6}>
          {auction.countries.map((c) => (
            <Badge key={c} variant="light" size="sm">
              {c}
            </Badge>
          ))}
        </Group>
      </Stack>
      <LotsSection
        id="open-lots"
        title={t('ui.liveAuction.openLots')}
        list={t('ui.liveAuction.openLotsList', { id })}
        pages={t('ui.liveAuction.openPages')}
        empty={t('ui.liveAuction.noOpenLots')}
        lots={open}
        onQuickView={setQuickView}
      />
      {closed.totalRecords > 0 ? (
        <LotsSection
          id="closed-lots"
          title={t('ui.liveAuction.closedLots')}
          list={t('ui.liveAuction.closedLotsList', { id })}
          pages={t('ui.liveAuction.closedPages')}
          empty=""
          lots={closed}
          onQuickView={setQuickView}
        />
      ) : null}
      <QuickView lotId={quickView} onClose={() => setQuickView(null)} />
    </Container>
  );
}

function LotsSection(props: {
  id: string;
  title: string;
  list: string;
  pages: string;
  empty: string;
  lots: LotsPage;
  onQuickView: (lotId: string) => void;
}) {
  const { t } = useTranslation();
  const { lots, totalRecords, page, onPage } = props.lots;
  const pageCount = Math.max(1, Math.ceil(totalRecords / AUCTION_PAGE_SIZE));
  return (
    <section aria-labelledby={props.id} className={classes.section} data-testid={props.id}>
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} id={props.id}>
          {props.title}
        </Title>
        <Text c="dimmed" size="sm">
          {t(totalRecords === 1 ? 'ui.liveAuction.lot' : 'ui.liveAuction.lots', { count: totalRecords })}
        </Text>
      </Group>
      <LotGrid lots={lots} label={props.list} empty={props.empty} onQuickView={props.onQuickView} />
      {pageCount > 1 ? (
        <Group justify="center" mt="lg" component="nav" aria-label={props.pages}>
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={onPage}
            getControlProps={(control) => ({ 'aria-label': t(controlLabels[control]) })}
          />
        </Group>
      ) : null}
    </section>
  );
}

/** An auction id no lot carries (seeds 000 §2.1: a clear fallback), with the way back to the auctions. */
export function LiveAuctionNotFound({ auctionid }: { auctionid: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80} data-testid="auction-not-found">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('ui.liveAuction.notFoundTitle')}</Title>
        <Text c="dimmed">{t('ui.liveAuction.notFoundMessage', { id: auctionid })}</Text>
        <ButtonLink to="/auction">{t('ui.liveAuction.allAuctions')}</ButtonLink>
      </Stack>
    </Container>
  );
}

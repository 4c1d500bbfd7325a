import { Container, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMarketSettings } from '../../state/market.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { auctionDetailQuery } from '../LiveAuction/live-auction.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import { BidSheet } from './BidSheet.tsx';
import { bidSheetLotsQuery, bidSheetQuery } from './bid-sheet-queries.ts';

/**
 * Issue 37 §6, /bidsheet/:aid: the auction, its lots that take bids and the bidder's sheet, read
 * together; the sheet is read again while it is active (the house places, lots close).
 */
export function BidSheetScreen({ auctionId }: { auctionId: string }) {
  const { t } = useTranslation();
  const market = useMarketSettings();
  const auction = useQuery(auctionDetailQuery(auctionId));
  const lots = useQuery(bidSheetLotsQuery(auctionId));
  const sheet = useQuery(bidSheetQuery(auctionId));
  const all = {
    data:
      auction.data && lots.data && sheet.data
        ? { auction: auction.data, lots: lots.data, sheet: sheet.data }
        : undefined,
    isError: auction.isError || lots.isError || sheet.isError,
    error: auction.error ?? lots.error ?? sheet.error,
  };
  return (
    <Container py="xl" size="lg">
      <Stack gap="md">
        <AnchorLink to="/liveAuction/$aid" params={{ aid: auctionId }} size="sm">
          {t('ui.bidSheet.back')}
        </AnchorLink>
        <QueryState query={all} label={t('ui.bidSheet.loading')} error="alert">
          {({ auction, lots, sheet }) => (
            <BidSheet
              // A new save starts the form again from what the house recorded.
              key={sheet.saved_at ?? 'none'}
              auctionId={auctionId}
              auctionTitle={auction.title ?? auctionId}
              lots={lots}
              sheet={sheet}
              premiumPercent={market.buyer_premium}
            />
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}

import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateAction } from '../../api/queries.ts';
import { useEver } from '../../lib/use-ever.ts';

/** The history's dialog (its table and pages) loads when first opened, not with the lot page. */
const BidHistoryModal = lazy(() =>
  import('./BidHistoryModal.tsx').then((module) => ({ default: module.BidHistoryModal })),
);

export interface BidHistoryProps {
  lotId: string;
  /** The lot's bid count: a change reloads the open page. */
  bidCount: number;
}

/** seeds 000 §2.7: View Bid History opens the history, own rows 'My Bid', others 'Other', 10 a page. */
export function BidHistory({ lotId, bidCount }: BidHistoryProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const used = useEver(opened);
  const queryClient = useQueryClient();

  // A new bid (bidCount) makes the lot's history stale: the page that is open loads again.
  const seenBidCount = useRef(bidCount);
  useEffect(() => {
    if (seenBidCount.current === bidCount) return;
    seenBidCount.current = bidCount;
    void invalidateAction(queryClient, 'bidHistory', { id: lotId });
  }, [queryClient, lotId, bidCount]);

  return (
    <>
      <Button variant="subtle" px={0} onClick={() => setOpened(true)} data-testid="view-bid-history">
        {t('ui.bidHistory.view')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <BidHistoryModal lotId={lotId} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

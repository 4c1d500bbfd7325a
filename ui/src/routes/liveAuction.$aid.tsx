import { useDebouncedCallback } from '@mantine/hooks';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { invalidateAction, lotSearchQuery } from '../api/queries.ts';
import { LiveAuction, LiveAuctionNotFound } from '../components/LiveAuction/LiveAuction.tsx';
import {
  auctionDetailQuery,
  auctionLotsFilter,
  belongsToAuction,
  changesAuctionSummary,
  liveAuctionSearchSchema,
} from '../components/LiveAuction/live-auction.ts';
import { LiveRoomScreen } from '../components/LiveRoom/LiveRoomScreen.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { useLiveLots } from '../state/live-lots.ts';
import { useLotChanges } from '../state/realtime.ts';

/** seeds 000 §2.1 /liveAuction/:aid: one auction's lots, open ones first, kept live (§4.5, §4.6). */
export const Route = createFileRoute('/liveAuction/$aid')({
  validateSearch: liveAuctionSearchSchema,
  search: { middlewares: liveAuctionSearchSchema.middlewares },
  loaderDeps: ({ search }) => search,
  loader: async ({ params: { aid }, deps, context: { queryClient } }) => {
    const lots = Promise.all([
      queryClient.ensureQueryData(lotSearchQuery(auctionLotsFilter(aid, 'open', deps.page))),
      queryClient.ensureQueryData(lotSearchQuery(auctionLotsFilter(aid, 'closed', deps.closedPage))),
    ]);
    try {
      await queryClient.ensureQueryData(auctionDetailQuery(aid));
    } catch (error) {
      void lots.catch(() => undefined);
      // An id no lot carries, or one that cannot be an id at all (too long): no such auction.
      if (error instanceof ApiError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION')) {
        throw notFound();
      }
      throw error;
    }
    await lots;
  },
  component: LiveAuctionPage,
  notFoundComponent: () => <LiveAuctionNotFound auctionid={Route.useParams().aid} />,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

/** Issue 37: a live sale's page is its room; a timed auction's (or one the room refuses) its lots. */
function LiveAuctionPage() {
  const { aid } = Route.useParams();
  const { data: auction } = useSuspenseQuery(auctionDetailQuery(aid));
  if (auction.kind !== 'live') return <TimedAuctionPage />;
  return <LiveRoomScreen auctionId={aid} notLive={<TimedAuctionPage />} />;
}

function TimedAuctionPage() {
  const { aid } = Route.useParams();
  const { page, closedPage } = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { data: auction } = useSuspenseQuery(auctionDetailQuery(aid));
  const openQuery = lotSearchQuery(auctionLotsFilter(aid, 'open', page));
  const { data: open } = useSuspenseQuery(openQuery);
  const { data: closed } = useSuspenseQuery(lotSearchQuery(auctionLotsFilter(aid, 'closed', closedPage)));
  // A lot newly listed in this auction reloads the page's lots and its summary (counts, closes).
  const openLots = useLiveLots(open.records, {
    belongsHere: belongsToAuction(aid),
    refetch: () => {
      void queryClient.invalidateQueries({ queryKey: openQuery.queryKey });
      void invalidateAction(queryClient, 'auctionDetail', { auctionid: aid });
    },
  });
  // A bid that extended a close, or a lot that closed: the header's next close and counts follow.
  const refreshSummary = useDebouncedCallback(
    () => void invalidateAction(queryClient, 'auctionDetail', { auctionid: aid }),
    200,
  );
  useLotChanges(
    ['lots'],
    (message) => {
      if (changesAuctionSummary(aid)(message)) refreshSummary();
    },
    refreshSummary,
  );
  useDocumentMeta({ title: pageTitle(auction.title ?? t('ui.liveAuction.title', { id: aid })) });
  const toPage = (patch: { page?: number; closedPage?: number }) => {
    void navigate({ search: (prev) => ({ ...prev, ...patch }) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <LiveAuction
      auction={auction}
      open={{ lots: openLots, totalRecords: open.totalRecords, page, onPage: (p) => toPage({ page: p }) }}
      closed={{
        lots: closed.records,
        totalRecords: closed.totalRecords,
        page: closedPage,
        onPage: (p) => toPage({ closedPage: p }),
      }}
    />
  );
}

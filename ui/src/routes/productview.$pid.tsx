import { Button, Container } from '@mantine/core';
import { type QueryClient, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, useCanGoBack, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { invalidateAction, lotQuery, similarLotsQuery } from '../api/queries.ts';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { LotDetail } from '../components/LotDetail/LotDetail.tsx';
import { NotFound } from '../components/NotFound/NotFound.tsx';
import { ProductViewSkeleton } from '../components/Skeletons/Skeletons.tsx';
import { lotDocumentMeta } from '../lib/lot-document-meta.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { useLiveLot } from '../state/live-lot.ts';

/** The lot and its similar lots; similar lots are a nicety, so their failure leaves the page whole. */
async function loadLot(queryClient: QueryClient, pid: string): Promise<void> {
  const similar = queryClient.ensureQueryData(similarLotsQuery(pid));
  try {
    await queryClient.ensureQueryData(lotQuery(pid));
  } catch (error) {
    if (error instanceof ApiError && error.responseType === 404) throw notFound();
    throw error;
  }
  await similar;
}

export const Route = createFileRoute('/productview/$pid')({
  loader: ({ params, context: { queryClient } }) => loadLot(queryClient, params.pid),
  component: ProductView,
  // seeds 000 §2.7 "shows a loader until loaded": the 'product view' skeleton (seeds 001 §2).
  pendingComponent: () => <ProductViewSkeleton />,
  notFoundComponent: () => <LotNotFound />,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function ProductView() {
  const { pid } = Route.useParams();
  const { data: loaded } = useSuspenseQuery(lotQuery(pid));
  const { data: similar } = useSuspenseQuery(similarLotsQuery(pid));
  const queryClient = useQueryClient();
  // A resync (changes may have been missed) loads the lot and its similar lots again.
  const [lot, update] = useLiveLot(loaded, () => {
    void invalidateAction(queryClient, 'productLot', { id: pid });
    void invalidateAction(queryClient, 'similarProducts', { id: pid });
  });

  // seeds 000 §2.7 title, description, keywords; and the Open Graph and schema.org Product of issue 11.
  useDocumentMeta(lotDocumentMeta(lot));

  return (
    <Container py="lg" data-testid="product-view" data-lot-id={lot.id}>
      <BackButton />
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <LotDetail lot={lot} similar={similar} onChange={update} />
      </div>
    </Container>
  );
}

function LotNotFound() {
  const { t } = useTranslation();
  return <NotFound title={t('ui.lot.notFound')} message={t('ui.lot.notFoundMessage')} />;
}

function BackButton() {
  const { t } = useTranslation();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Button
      variant="subtle"
      px={0}
      onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: '/search' }))}
      leftSection={<span aria-hidden="true">←</span>}
    >
      {t('ui.common.back')}
    </Button>
  );
}

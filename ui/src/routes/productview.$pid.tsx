import { Button, Container } from '@mantine/core';
import { createFileRoute, notFound, useCanGoBack, useRouter } from '@tanstack/react-router';
import type { LotView } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../api/client.ts';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { LotDetail } from '../components/LotDetail/LotDetail.tsx';
import { NotFound } from '../components/NotFound/NotFound.tsx';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { useLiveLot } from '../state/live-lot.ts';

/** The lot and its similar lots; similar lots are a nicety, so their failure leaves the page whole. */
export async function loadLot(pid: string): Promise<{ lot: LotView; similar: LotView[] }> {
  const similar = call('similarProducts', { id: pid, limit: 3 })
    .then((r) => r.records)
    .catch(() => []);
  try {
    return { lot: await call('productLot', { id: pid }), similar: await similar };
  } catch (error) {
    if (error instanceof ApiError && error.responseType === 404) throw notFound();
    throw error;
  }
}

export const Route = createFileRoute('/productview/$pid')({
  loader: ({ params }) => loadLot(params.pid),
  component: ProductView,
  notFoundComponent: () => <LotNotFound />,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function ProductView() {
  const { lot: loaded, similar } = Route.useLoaderData();
  const router = useRouter();
  const [lot, update] = useLiveLot(loaded, () => void router.invalidate());

  useDocumentMeta({
    title: lot.metaTagHtml.title || lot.title,
    description: lot.metaTagHtml.description,
    keywords: lot.metaTagHtml.keywords,
  });

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

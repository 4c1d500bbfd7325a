import { Container, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { salesOrdersQuery } from '../../api/queries.ts';
import { AnchorLink } from '../../components/AnchorLink.tsx';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { Pager } from '../../components/Pager/Pager.tsx';
import { SalesOrders } from '../../components/SalesOrders/SalesOrders.tsx';
import { TableSkeleton } from '../../components/Skeletons/Skeletons.tsx';
import { lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { sessionAtom } from '../../state/session.ts';

const PAGE_SIZE = 20;

const validateSearch = lazySearch(() => z.object({ page: pageParam() }));

/** seeds 001 §2 /salesorder/all: a seller's sales orders (the server refuses anyone without the role). */
export const Route = createFileRoute('/_auth/salesorder/all')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: SalesOrdersPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function SalesOrdersPage() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  useDocumentMeta({ title: pageTitle(t('ui.salesOrders.title')) });
  // Only sellers have sales orders: anyone else is told so, without asking the server to refuse them.
  const seller = session.status === 'authenticated' && session.user.roles.includes('seller');
  return (
    <Container py="xl">
      <Title order={1} mb={4}>
        {t('ui.salesOrders.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('ui.salesOrders.intro')}
      </Text>
      {seller ? (
        <Suspense fallback={<TableSkeleton />}>
          <SellerOrders />
        </Suspense>
      ) : (
        <Text data-testid="sellers-only">
          {t('ui.salesOrders.sellersOnly')}{' '}
          <AnchorLink to="/sellingwine">{t('ui.salesOrders.sellYourWine')}</AnchorLink>
        </Text>
      )}
    </Container>
  );
}

function SellerOrders() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data } = useSuspenseQuery(salesOrdersQuery({ page, limit: PAGE_SIZE }));
  return (
    <>
      <SalesOrders orders={data} />
      <Pager
        page={page}
        totalRecords={data.totalRecords}
        pageSize={PAGE_SIZE}
        onPage={(next) => void navigate({ search: { page: next } })}
      />
    </>
  );
}

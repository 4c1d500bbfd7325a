import { Card, Container, Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { transactionsQuery } from '../../api/queries.ts';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { Pager } from '../../components/Pager/Pager.tsx';
import { PendingPayments } from '../../components/TransactionTable/PendingPayments.tsx';
import { TransactionTable } from '../../components/TransactionTable/TransactionTable.tsx';
import { Wallet } from '../../components/Wallet/Wallet.tsx';
import { lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const PAGE_SIZE = 20;

const validateSearch = lazySearch(() => z.object({ page: pageParam() }));

/** seeds 001 §2 /transactions: the buyer's payments and refunds, and the wallet. */
export const Route = createFileRoute('/_auth/transactions')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(transactionsQuery({ page: deps.page, limit: PAGE_SIZE })),
  component: TransactionsPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function TransactionsPage() {
  const { t } = useTranslation();
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data } = useSuspenseQuery(transactionsQuery({ page, limit: PAGE_SIZE }));
  useDocumentMeta({ title: pageTitle(t('ui.transactions.title')) });
  return (
    <Container py="xl">
      <Title order={1} mb="lg">
        {t('ui.transactions.title')}
      </Title>
      <Stack gap="xl">
        <PendingPayments />
        <Card component="section" aria-labelledby="payments-title">
          <Title order={2} fz={26} id="payments-title" mb="sm">
            {t('ui.transactions.payments')}
          </Title>
          <TransactionTable records={data.records} empty={t('ui.transactions.empty')} withInvoice />
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            totalRecords={data.totalRecords}
            onPage={(next) => void navigate({ search: { page: next } })}
          />
        </Card>
        <Wallet />
      </Stack>
    </Container>
  );
}

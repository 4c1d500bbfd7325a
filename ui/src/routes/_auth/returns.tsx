import { Card, Container, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { returnsQuery } from '../../api/queries.ts';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { Pager } from '../../components/Pager/Pager.tsx';
import { ReturnList } from '../../components/ReturnList/ReturnList.tsx';
import { lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const PAGE_SIZE = 20;

const validateSearch = lazySearch(() => z.object({ page: pageParam() }));

/** seeds 001 §7 allreturns: the buyer's return requests and how each ended, newest first. */
export const Route = createFileRoute('/_auth/returns')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(returnsQuery({ page: deps.page, limit: PAGE_SIZE })),
  component: ReturnsPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function ReturnsPage() {
  const { t } = useTranslation();
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data } = useSuspenseQuery(returnsQuery({ page, limit: PAGE_SIZE }));
  useDocumentMeta({ title: pageTitle(t('ui.returns.title')) });
  return (
    <Container py="xl">
      <Title order={1} mb="xs">
        {t('ui.returns.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('ui.returns.intro')}
      </Text>
      <Card component="section">
        <ReturnList records={data.records} empty={t('ui.returns.empty')} withInvoice />
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          totalRecords={data.totalRecords}
          onPage={(next) => void navigate({ search: { page: next } })}
        />
      </Card>
    </Container>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { invoicesQuery } from '../../api/queries.ts';
import { InvoiceList, type InvoiceTab } from '../../components/InvoiceList/InvoiceList.tsx';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const PAGE_SIZE = 20;
const statusOf = (param: string): InvoiceTab => (param === 'paid' ? 'paid' : 'unpaid');

const validateSearch = lazySearch(() => z.object({ page: pageParam() }));

/** seeds 001 §2 /invoices/paid, /invoices/unpaid. */
export const Route = createFileRoute('/_auth/invoices/$status')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ params, deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(
      invoicesQuery({ status: statusOf(params.status), page: deps.page, limit: PAGE_SIZE }),
    ),
  component: InvoicesPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function InvoicesPage() {
  const { t } = useTranslation();
  const status = statusOf(Route.useParams().status);
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data } = useSuspenseQuery(invoicesQuery({ status, page, limit: PAGE_SIZE }));
  useDocumentMeta({ title: pageTitle(t('ui.invoices.title')) });
  return (
    <InvoiceList
      status={status}
      onStatus={(next) =>
        void navigate({ to: '/invoices/$status', params: { status: next }, search: { page: 1 } })
      }
      records={data.records}
      totalRecords={data.totalRecords}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={(next) => void navigate({ search: { page: next } })}
    />
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../components/AuditHistory/AuditHistory.tsx';
import { historySearch } from '../../components/AuditHistory/history-search.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * /audit/invoice/:id (auditors, admins; DOMAIN.md "Audit"): ?asOf= an ISO instant for
 * the state then, ?page= the page of events. It asks for nothing before it knows the user may see it.
 */
export const Route = createFileRoute('/_auth/audit/invoice/$id')({
  validateSearch: historySearch,
  search: { middlewares: historySearch.middlewares },
  component: InvoiceHistoryPage,
});

function InvoiceHistoryPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const { asOf, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.auditHistory.invoiceTitle', { id })) });
  return (
    <AuditHistory
      kind="invoice"
      id={id}
      asOf={asOf}
      page={page}
      onChange={(view) =>
        void navigate({ search: { page: view.page, ...(view.asOf && { asOf: view.asOf }) } })
      }
    />
  );
}

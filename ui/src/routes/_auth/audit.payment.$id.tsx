import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../components/AuditHistory/AuditHistory.tsx';
import { historySearch } from '../../components/AuditHistory/history-search.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * /audit/payment/:id (auditors, admins; issue 35 §1): one transaction of the payment ledger, its
 * `payment-<id>` stream read as an invoice's is. ?asOf= an ISO instant for the state then, ?page= the
 * page of events. It asks for nothing before it knows the user may see it.
 */
export const Route = createFileRoute('/_auth/audit/payment/$id')({
  validateSearch: historySearch,
  search: { middlewares: historySearch.middlewares },
  component: PaymentHistoryPage,
});

function PaymentHistoryPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const { asOf, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.auditHistory.paymentTitle', { id })) });
  return (
    <AuditHistory
      kind="payment"
      id={id}
      asOf={asOf}
      page={page}
      onChange={(view) =>
        void navigate({ search: { page: view.page, ...(view.asOf && { asOf: view.asOf }) } })
      }
    />
  );
}

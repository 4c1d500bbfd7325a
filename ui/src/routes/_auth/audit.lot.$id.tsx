import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../components/AuditHistory/AuditHistory.tsx';
import { historySearch } from '../../components/AuditHistory/history-search.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * /audit/lot/:id (auditors, admins; DOMAIN.md "Audit", "Replay a lot"): ?asOf= an ISO instant for
 * the state then, ?page= the page of events. It asks for nothing before it knows the user may see it.
 */
export const Route = createFileRoute('/_auth/audit/lot/$id')({
  validateSearch: historySearch,
  search: { middlewares: historySearch.middlewares },
  component: LotHistoryPage,
});

function LotHistoryPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const { asOf, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.auditHistory.lotTitle', { id })) });
  return (
    <AuditHistory
      kind="lot"
      id={id}
      asOf={asOf}
      page={page}
      onChange={(view) =>
        void navigate({ search: { page: view.page, ...(view.asOf && { asOf: view.asOf }) } })
      }
    />
  );
}

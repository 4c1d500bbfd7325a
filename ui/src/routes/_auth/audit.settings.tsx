import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../components/AuditHistory/AuditHistory.tsx';
import { historySearch } from '../../components/AuditHistory/history-search.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * /audit/settings (auditors, admins; issue 34 "Settings"): every change to the house's settings, with
 * who made it, the settings after it and what it changed; ?asOf= the settings as they stood then.
 */
export const Route = createFileRoute('/_auth/audit/settings')({
  validateSearch: historySearch,
  search: { middlewares: historySearch.middlewares },
  component: SettingsHistoryPage,
});

function SettingsHistoryPage() {
  const { t } = useTranslation();
  const { asOf, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.auditHistory.settingsTitle')) });
  return (
    <AuditHistory
      kind="settings"
      id="house"
      asOf={asOf}
      page={page}
      onChange={(view) =>
        void navigate({ search: { page: view.page, ...(view.asOf && { asOf: view.asOf }) } })
      }
    />
  );
}

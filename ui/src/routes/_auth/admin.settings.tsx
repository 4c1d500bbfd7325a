import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { staffSettingsQuery } from '../../api/queries.ts';
import { QueryState } from '../../components/QueryState/QueryState.tsx';
import { StaffSettings } from '../../components/StaffSettings/StaffSettings.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** /admin/settings (admins, issue 34 §3): the merchant's details and the configuration variables. */
export const Route = createFileRoute('/_auth/admin/settings')({
  component: StaffSettingsPage,
});

function StaffSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(staffSettingsQuery());
  useDocumentMeta({ title: pageTitle(t('ui.houseSettings.title')) });
  return (
    <QueryState query={settings} label={t('ui.houseSettings.loading')} error="page">
      {(data) => <StaffSettings settings={data} />}
    </QueryState>
  );
}

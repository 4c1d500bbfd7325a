import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StaffInvestors } from '../../components/StaffInvestors/StaffInvestors.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** Issue 35 §3 /admin/investors (admins): the investor profiles and their orders. */
export const Route = createFileRoute('/_auth/admin/investors')({
  component: function Page() {
    const { t } = useTranslation();
    useDocumentMeta({ title: pageTitle(t('ui.staff.investors.title')) });
    return <StaffInvestors />;
  },
});

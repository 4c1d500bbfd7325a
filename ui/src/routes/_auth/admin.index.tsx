import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StaffHome } from '../../components/StaffArea/StaffHome.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** /admin: the staff area's overview, a card per section the user's roles open. */
export const Route = createFileRoute('/_auth/admin/')({
  component: StaffHomePage,
});

function StaffHomePage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.staff.title')) });
  return <StaffHome />;
}

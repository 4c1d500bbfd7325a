import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StaffPages } from '../../components/StaffContent/StaffPages.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** /admin/pages (admins, issue 34 §2 "Content"): the static pages. */
export const Route = createFileRoute('/_auth/admin/pages/')({
  component: StaffPagesPage,
});

function StaffPagesPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.content.pages.title')) });
  return <StaffPages />;
}

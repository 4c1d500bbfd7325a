import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StaffBanners } from '../../components/StaffContent/StaffBanners.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** /admin/banners (admins, issue 34 §2 "Content"): the home page's banners. */
export const Route = createFileRoute('/_auth/admin/banners')({
  component: StaffBannersPage,
});

function StaffBannersPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.content.banners.title')) });
  return <StaffBanners />;
}

import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LotEditor } from '../../components/StaffLots/LotEditor.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useServerNowOnce } from '../../state/clock.ts';

/** /myWines/selling/new (issue 33 "Sellers"): a seller lists a wine, as a draft the house approves. */
export const Route = createFileRoute('/_auth/myWines/selling/new')({
  component: NewListingPage,
});

function NewListingPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.staff.seller.newTitle')) });
  return <LotEditor mode="seller" now={useServerNowOnce()} />;
}

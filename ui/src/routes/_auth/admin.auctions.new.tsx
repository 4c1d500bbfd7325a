import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuctionEditor } from '../../components/StaffAuctions/AuctionEditor.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useServerNowOnce } from '../../state/clock.ts';

/** /admin/auctions/new (admins): a new timed or live auction. */
export const Route = createFileRoute('/_auth/admin/auctions/new')({
  component: NewAuctionPage,
});

function NewAuctionPage() {
  const { t } = useTranslation();
  const now = useServerNowOnce();
  useDocumentMeta({ title: pageTitle(t('ui.staff.auctions.newTitle')) });
  return <AuctionEditor now={now} />;
}

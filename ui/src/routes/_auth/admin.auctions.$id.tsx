import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { staffAuctionQuery } from '../../api/queries.ts';
import { QueryState } from '../../components/QueryState/QueryState.tsx';
import { AuctionEditor } from '../../components/StaffAuctions/AuctionEditor.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useServerNowOnce } from '../../state/clock.ts';

/** /admin/auctions/:id (admins): one auction's fields, its lots' order and their staggered closes. */
export const Route = createFileRoute('/_auth/admin/auctions/$id')({
  component: EditAuctionPage,
});

function EditAuctionPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const auction = useQuery(staffAuctionQuery(id));
  const now = useServerNowOnce();
  useDocumentMeta({ title: pageTitle(auction.data?.title ?? t('ui.staff.auctions.editTitle')) });
  return (
    <QueryState query={auction} label={t('ui.staff.auctions.loading')} error="page">
      {(data) => <AuctionEditor key={`${data.id}:${data.changedAt}`} auction={data} now={now} />}
    </QueryState>
  );
}

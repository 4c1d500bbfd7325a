import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { sellerLotQuery } from '../../api/queries.ts';
import { QueryState } from '../../components/QueryState/QueryState.tsx';
import { SellerLotStats } from '../../components/SellerListings/SellerLotStats.tsx';
import { LotEditor } from '../../components/StaffLots/LotEditor.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useServerNowOnce } from '../../state/clock.ts';

/**
 * /myWines/selling/:id (issue 33 "Sellers"): the seller's own listing in the same editor the admins use,
 * its review (submit, the house's note), and how it is doing: bids, watchers, views.
 */
export const Route = createFileRoute('/_auth/myWines/selling/$id')({
  component: ListingPage,
});

function ListingPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const lot = useQuery(sellerLotQuery(id));
  const now = useServerNowOnce();
  useDocumentMeta({ title: pageTitle(lot.data?.fields.title ?? t('ui.staff.seller.editTitle')) });
  return (
    <QueryState query={lot} label={t('ui.staff.editor.loading')} error="page">
      {(data) => (
        <>
          <LotEditor key={`${data.id}:${data.changedAt}`} mode="seller" lot={data} now={now} />
          <SellerLotStats lot={data} />
        </>
      )}
    </QueryState>
  );
}

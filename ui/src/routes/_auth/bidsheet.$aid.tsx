import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BidSheetScreen } from '../../components/BidSheet/BidSheetScreen.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** Issue 37 §6, /bidsheet/:aid: the signed-in bidder's bid sheet for one auction, with a limit. */
export const Route = createFileRoute('/_auth/bidsheet/$aid')({
  component: BidSheetPage,
});

function BidSheetPage() {
  const { aid } = Route.useParams();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.bidSheet.pageTitle')) });
  return <BidSheetScreen auctionId={aid} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuctionCart } from '../../components/AuctionCart/AuctionCart.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** seeds 001 §2 /cart: the lots won at auction, waiting for payment. */
export const Route = createFileRoute('/_auth/cart')({ component: AuctionCartPage });

function AuctionCartPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.auctionCart.title')) });
  return <AuctionCart />;
}

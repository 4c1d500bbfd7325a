import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BuyNowCart } from '../../components/BuyNowCart/BuyNowCart.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** seeds 001 §2 /buynowcart: the buy-now cart. */
export const Route = createFileRoute('/_auth/buynowcart')({ component: BuyNowCartPage });

function BuyNowCartPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.cart.title')) });
  return <BuyNowCart />;
}

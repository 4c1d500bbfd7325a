import { createFileRoute } from '@tanstack/react-router';
import { CartRef } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { Checkout } from '../../components/Checkout/Checkout.tsx';
import { NotFound } from '../../components/NotFound/NotFound.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * seeds 001 §2 /checkout/:type/:cart_id: type buynow (the cart id names this checkout), auction (one
 * unpaid invoice, or all) or offer (an accepted offer's invoice, or all: issue 36); anything else is
 * not a page.
 */
export const Route = createFileRoute('/_auth/checkout/$type/$cart_id')({ component: CheckoutPage });

function CheckoutPage() {
  const { t } = useTranslation();
  const params = Route.useParams();
  const { type, cart_id } = params;
  useDocumentMeta({ title: pageTitle(t('ui.checkout.title')) });
  // Checked here, not before the route loads: the contract's schema then comes with the page's code.
  const ref = CartRef.safeParse(params);
  if (!ref.success) return <NotFound />;
  // A new checkout (another cart id) starts from a clean form.
  return <Checkout key={`${type}/${cart_id}`} cartRef={{ type: ref.data.type, cart_id }} />;
}

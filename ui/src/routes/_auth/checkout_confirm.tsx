import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { CheckoutConfirm } from '../../components/CheckoutConfirm/CheckoutConfirm.tsx';
import { lazySearch, optionalChoiceParam, searchText } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const param = searchText({ min: 1, max: 2000 });
const validateSearch = lazySearch(() =>
  z.object({
    invoice: param,
    payment_id: param,
    // Back from PayPal (approved or cancelled): its order id, as PayPal names it.
    token: param,
    // Back from a hosted gateway (seeds 001 "Payments"): which one, and its own return fields.
    gateway: optionalChoiceParam(['paytm', 'cashfree']),
    fields: param,
    status: optionalChoiceParam(['paid', 'unpaid']),
  }),
);

/**
 * seeds 001 §2 /checkout_confirm: ?invoice=a,b after an order, ?payment_id= back from the card issuer,
 * and with PayPal's ?token= back from PayPal.
 * Nothing of the link is shown as text but the invoice ids: an order's payment instructions are made
 * from the buyer's own invoices as the server answers them, so a link cannot carry false ones.
 */
export const Route = createFileRoute('/_auth/checkout_confirm')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: CheckoutConfirmPage,
});

function CheckoutConfirmPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.confirm.title')) });
  return <CheckoutConfirm search={Route.useSearch()} />;
}

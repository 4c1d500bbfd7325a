import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckoutConfirm } from '../../components/CheckoutConfirm/CheckoutConfirm.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const param = z.string().trim().min(1).max(2000).optional().catch(undefined);
/**
 * seeds 001 §2 /checkout_confirm: ?invoice=a,b after an order, ?payment_id= back from the card issuer.
 * Nothing of the link is shown as text but the invoice ids: an order's payment instructions are made
 * from the buyer's own invoices as the server answers them, so a link cannot carry false ones.
 */
export const Route = createFileRoute('/_auth/checkout_confirm')({
  validateSearch: z.object({
    invoice: param,
    payment_id: param,
    status: z.enum(['paid', 'unpaid']).optional().catch(undefined),
  }),
  component: CheckoutConfirmPage,
});

function CheckoutConfirmPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.confirm.title')) });
  return <CheckoutConfirm search={Route.useSearch()} />;
}

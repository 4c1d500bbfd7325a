import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SandboxPayPal } from '../../components/SandboxPayPal/SandboxPayPal.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * The PayPal sandbox's approve page (platform SANDBOX_PAYPAL_APPROVE_PATH; seeds 001 "Payments": a
 * payment's url opens in the same tab). Under the protected layout: its action is the signed-in
 * buyer's, and the server serves it only where the PayPal sandbox runs.
 */
export const Route = createFileRoute('/_auth/sandbox/paypal/approve/$orderId')({
  component: SandboxPayPalPage,
});

function SandboxPayPalPage() {
  const { t } = useTranslation();
  const { orderId } = Route.useParams();
  useDocumentMeta({ title: pageTitle(t('ui.sandboxPayPal.title')) });
  return <SandboxPayPal orderId={orderId} />;
}

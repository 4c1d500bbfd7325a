import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SandboxIssuer } from '../../components/SandboxIssuer/SandboxIssuer.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * The sandbox card issuer's authentication page (seeds 001 §4: a payment's url opens in the same
 * tab). Under the protected layout: its action is the signed-in buyer's.
 */
export const Route = createFileRoute('/_auth/sandbox/authenticate/$charge_id')({
  validateSearch: z.object({ return: z.string().max(2000).optional().catch(undefined) }),
  component: SandboxAuthenticatePage,
});

function SandboxAuthenticatePage() {
  const { t } = useTranslation();
  const { charge_id } = Route.useParams();
  const search = Route.useSearch();
  useDocumentMeta({ title: pageTitle(t('ui.sandbox.title')) });
  return <SandboxIssuer chargeId={charge_id} returnTo={search.return} />;
}

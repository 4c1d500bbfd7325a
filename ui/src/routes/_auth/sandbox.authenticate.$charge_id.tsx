import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { SandboxIssuer } from '../../components/SandboxIssuer/SandboxIssuer.tsx';
import { lazySearch } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({ return: z.catch(z.optional(z.string().check(z.maxLength(2000))), undefined) }),
);

/**
 * The sandbox card issuer's authentication page (seeds 001 §4: a payment's url opens in the same
 * tab). Under the protected layout: its action is the signed-in buyer's.
 */
export const Route = createFileRoute('/_auth/sandbox/authenticate/$charge_id')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: SandboxAuthenticatePage,
});

function SandboxAuthenticatePage() {
  const { t } = useTranslation();
  const { charge_id } = Route.useParams();
  const search = Route.useSearch();
  useDocumentMeta({ title: pageTitle(t('ui.sandbox.title')) });
  return <SandboxIssuer chargeId={charge_id} returnTo={search.return} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { StaffReturns } from '../../components/StaffReturns/StaffReturns.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * /admin/returns (finance, admins): ?status=open|decided is the tab, ?page= its page. The page asks
 * for nothing before it knows the user may see it, so it has no loader.
 */
export const Route = createFileRoute('/_auth/admin/returns')({
  validateSearch: z.object({
    status: z.enum(['open', 'decided']).default('open').catch('open'),
    page: z.number().int().min(1).max(10_000).default(1).catch(1),
  }),
  component: StaffReturnsPage,
});

function StaffReturnsPage() {
  const { t } = useTranslation();
  const { status, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.returns.staffTitle')) });
  return <StaffReturns status={status} page={page} onChange={(view) => void navigate({ search: view })} />;
}

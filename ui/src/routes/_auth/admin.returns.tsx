import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { StaffReturns } from '../../components/StaffReturns/StaffReturns.tsx';
import { choiceParam, lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({ status: choiceParam(['open', 'decided'], 'open'), page: pageParam() }),
);

/**
 * /admin/returns (finance, admins): ?status=open|decided is the tab, ?page= its page. The page asks
 * for nothing before it knows the user may see it, so it has no loader.
 */
export const Route = createFileRoute('/_auth/admin/returns')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: StaffReturnsPage,
});

function StaffReturnsPage() {
  const { t } = useTranslation();
  const { status, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.returns.staffTitle')) });
  return <StaffReturns status={status} page={page} onChange={(view) => void navigate({ search: view })} />;
}

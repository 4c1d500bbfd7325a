import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { StaffMoney } from '../../components/StaffMoney/StaffMoney.tsx';
import { choiceParam, lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({ status: choiceParam(['unpaid', 'paid'], 'unpaid'), page: pageParam() }),
);

/**
 * /admin/money (finance, admins): ?status=unpaid|paid is the invoices' tab, ?page= its page. The
 * page asks for nothing before it knows the user may see it, so it has no loader.
 */
export const Route = createFileRoute('/_auth/admin/money')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: StaffMoneyPage,
});

function StaffMoneyPage() {
  const { t } = useTranslation();
  const { status, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.staffMoney.title')) });
  return <StaffMoney status={status} page={page} onChange={(view) => void navigate({ search: view })} />;
}

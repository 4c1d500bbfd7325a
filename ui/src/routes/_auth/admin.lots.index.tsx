import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { StaffLots } from '../../components/StaffLots/StaffLots.tsx';
import { staffLotFilterStatuses } from '../../components/StaffLots/staff-lot-filters.ts';
import { choiceParam, lazySearch, pageParam, searchText } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({
    status: choiceParam(staffLotFilterStatuses, 'all'),
    auction: searchText({ min: 1, max: 64 }),
    seller: searchText({ min: 1, max: 64 }),
    q: searchText({ min: 1, max: 100 }),
    page: pageParam(),
  }),
);

/** /admin/lots (admins): ?status=&auction=&seller=&q=&page= are the list's filters and page. */
export const Route = createFileRoute('/_auth/admin/lots/')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: StaffLotsPage,
});

function StaffLotsPage() {
  const { t } = useTranslation();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.staff.lots.title')) });
  return <StaffLots view={view} onChange={(next) => void navigate({ search: next, replace: true })} />;
}

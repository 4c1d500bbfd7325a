import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { StaffAuctions } from '../../components/StaffAuctions/StaffAuctions.tsx';
import { staffAuctionFilterStatuses } from '../../components/StaffAuctions/staff-auction-filters.ts';
import { choiceParam, lazySearch, pageParam, searchText } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({
    status: choiceParam(staffAuctionFilterStatuses, 'all'),
    q: searchText({ min: 1, max: 100 }),
    page: pageParam(),
  }),
);

/** /admin/auctions (admins): ?status=&q=&page= are the list's filters and page. */
export const Route = createFileRoute('/_auth/admin/auctions/')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: StaffAuctionsPage,
});

function StaffAuctionsPage() {
  const { t } = useTranslation();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.staff.auctions.title')) });
  return <StaffAuctions view={view} onChange={(next) => void navigate({ search: next, replace: true })} />;
}

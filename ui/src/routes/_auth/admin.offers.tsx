import { createFileRoute } from '@tanstack/react-router';
import { offerFilters } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { StaffOffers } from '../../components/Offers/StaffOffers.tsx';
import { choiceParam, lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({ status: choiceParam(offerFilters, 'all'), page: pageParam() }),
);

/**
 * /admin/offers (admins; seeds 001 §6 adminoffers): every lot's offers, the pending first. It asks for
 * nothing before it knows the user is an admin, so it has no loader.
 */
export const Route = createFileRoute('/_auth/admin/offers')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: AdminOffersPage,
});

function AdminOffersPage() {
  const { t } = useTranslation();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.offers.adminTitle')) });
  return <StaffOffers scope="admin" view={view} onChange={(next) => void navigate({ search: next })} />;
}

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
 * /seller/offer (sellers; seeds 001 §6 seller/offer): the offers on the seller's own lots, the pending
 * first. It asks for nothing before it knows the user is a seller, so it has no loader.
 */
export const Route = createFileRoute('/_auth/seller/offer')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: SellerOffersPage,
});

function SellerOffersPage() {
  const { t } = useTranslation();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.offers.sellerTitle')) });
  return <StaffOffers scope="seller" view={view} onChange={(next) => void navigate({ search: next })} />;
}

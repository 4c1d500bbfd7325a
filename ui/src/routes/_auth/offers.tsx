import { createFileRoute } from '@tanstack/react-router';
import { offerFilters } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { MyOffers } from '../../components/Offers/MyOffers.tsx';
import { choiceParam, lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({ status: choiceParam(offerFilters, 'all'), page: pageParam() }),
);

/** /offers (issue 36): the buyer's offers; ?status= is the filter, ?page= its page. */
export const Route = createFileRoute('/_auth/offers')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: OffersPage,
});

function OffersPage() {
  const { t } = useTranslation();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.offers.title')) });
  return <MyOffers view={view} onChange={(next) => void navigate({ search: next })} />;
}

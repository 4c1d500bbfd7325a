import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { invalidateAction } from '../../api/queries.ts';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { SellerLots } from '../../components/SellerLots/SellerLots.tsx';
import {
  sellerLotsAction,
  sellerLotsQuery,
  sellerLotsSearchSchema,
} from '../../components/SellerLots/seller-lots.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** seeds 000 §2.3 /myWines/sold (001 §2 "seller lists"): the signed-in user's own lots sold, with the sold price and close date. */
export const Route = createFileRoute('/_auth/myWines/sold')({
  validateSearch: sellerLotsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context: { queryClient } }) => queryClient.ensureQueryData(sellerLotsQuery('sold', deps)),
  component: SoldPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function SoldPage() {
  const { t } = useTranslation();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const {
    data: { records, totalRecords },
  } = useSuspenseQuery(sellerLotsQuery('sold', search));
  useDocumentMeta({ title: pageTitle(t('ui.sellerLots.sold')) });
  return (
    <SellerLots
      kind="sold"
      records={records}
      totalRecords={totalRecords}
      page={search.page}
      limit={search.limit}
      onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
      onLimit={(limit) => void navigate({ search: { page: 1, limit } })}
      refetch={() => void invalidateAction(queryClient, sellerLotsAction('sold'))}
    />
  );
}

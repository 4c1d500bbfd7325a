import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { type PurchaseType, purchaseTypes } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { invalidateAction, purchasesQuery } from '../../api/queries.ts';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { MyLots } from '../../components/MyLots/MyLots.tsx';
import { ProductGridSkeleton } from '../../components/Skeletons/Skeletons.tsx';
import { lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const PAGE_SIZE = 25;
/** The tabs, as /myWines/purchased names the same choice (issue 31; issue 36: by offer). */
const tabs = [
  { value: 'all', label: 'ui.myWines.kind.all' },
  { value: 'auction', label: 'ui.myWines.kind.auction' },
  { value: 'buynow', label: 'ui.myWines.kind.buynow' },
  { value: 'offer', label: 'ui.myWines.kind.offer' },
] as const satisfies readonly { value: PurchaseType; label: string }[];

/** Any other type lists all of them (as /auctions/:type does with a standing it does not know). */
const typeOf = (param: string): PurchaseType =>
  (purchaseTypes as readonly string[]).includes(param) ? (param as PurchaseType) : 'all';

const validateSearch = lazySearch(() => z.object({ page: pageParam() }));

/**
 * seeds 000 §2.3 /purchases/:type: the lots the buyer bought, on the listing it shares with
 * /auctions/:type (My Bids) and /watchlist/:type (My Watchlist), with a tab per way of buying; the
 * invoices of the same purchases are at /myWines/purchased.
 */
export const Route = createFileRoute('/_auth/purchases/$type')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ params, deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(
      purchasesQuery({ type: typeOf(params.type), page: deps.page, limit: PAGE_SIZE }),
    ),
  pendingComponent: PurchasesSkeleton,
  component: PurchasesPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

/** seeds 001 §2 'product grid' skeleton, while a slow page of purchases loads. */
function PurchasesSkeleton() {
  const { t } = useTranslation();
  return <ProductGridSkeleton label={t('ui.clientRules.purchases.loading')} />;
}

function PurchasesPage() {
  const { type } = Route.useParams();
  const { page } = Route.useSearch();
  const {
    data: { records, totalRecords },
  } = useSuspenseQuery(purchasesQuery({ type: typeOf(type), page, limit: PAGE_SIZE }));
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.clientRules.purchases.title')) });
  return (
    <MyLots
      title={t('ui.clientRules.purchases.title')}
      tabs={tabs.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
      tab={typeOf(type)}
      onTab={(value) =>
        void navigate({ to: '/purchases/$type', params: { type: value }, search: { page: 1 } })
      }
      records={records}
      totalRecords={totalRecords}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={(next) => void navigate({ search: { page: next } })}
      empty={t('ui.clientRules.purchases.empty')}
      refetch={() => void invalidateAction(queryClient, 'myPurchases')}
    />
  );
}

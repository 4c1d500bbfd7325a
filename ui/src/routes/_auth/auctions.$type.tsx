import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { myBidTypes } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { invalidateAction, myBidsQuery } from '../../api/queries.ts';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { MyLots } from '../../components/MyLots/MyLots.tsx';
import { ProductGridSkeleton } from '../../components/Skeletons/Skeletons.tsx';
import { lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const PAGE_SIZE = 25;
const tabs = [
  { value: 'all', label: 'ui.myLots.all' },
  { value: 'winning', label: 'ui.myLots.winning' },
  { value: 'outbid', label: 'ui.myLots.outbid' },
  { value: 'won', label: 'ui.myLots.won' },
  { value: 'lost', label: 'ui.myLots.lost' },
] as const satisfies readonly { value: (typeof myBidTypes)[number]; label: string }[];

const typeOf = (param: string) =>
  (myBidTypes as readonly string[]).includes(param) ? (param as (typeof myBidTypes)[number]) : 'all';

const validateSearch = lazySearch(() => z.object({ page: pageParam() }));

/** seeds 000 §2.3: /auctions/all = My Bids, with a tab per standing. */
export const Route = createFileRoute('/_auth/auctions/$type')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ params, deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(
      myBidsQuery({ type: typeOf(params.type), page: deps.page, limit: PAGE_SIZE }),
    ),
  pendingComponent: () => <ProductGridSkeleton />,
  component: MyBidsPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function MyBidsPage() {
  const { type } = Route.useParams();
  const { page } = Route.useSearch();
  const {
    data: { records, totalRecords },
  } = useSuspenseQuery(myBidsQuery({ type: typeOf(type), page, limit: PAGE_SIZE }));
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.accountMenu.myBids')) });
  return (
    <MyLots
      title={t('ui.accountMenu.myBids')}
      tabs={tabs.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
      tab={typeOf(type)}
      onTab={(value) =>
        void navigate({ to: '/auctions/$type', params: { type: value }, search: { page: 1 } })
      }
      records={records}
      totalRecords={totalRecords}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={(next) => void navigate({ search: { page: next } })}
      empty={type === 'all' ? t('ui.myLots.noBids') : t('ui.myLots.empty')}
      refetch={() => void invalidateAction(queryClient, 'myBids')}
    />
  );
}

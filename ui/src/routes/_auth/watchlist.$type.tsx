import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { invalidateAction, watchlistQuery } from '../../api/queries.ts';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { MyLots } from '../../components/MyLots/MyLots.tsx';
import { ProductGridSkeleton } from '../../components/Skeletons/Skeletons.tsx';
import { lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useUserMessages } from '../../state/realtime.ts';

const PAGE_SIZE = 25;

const validateSearch = lazySearch(() => z.object({ page: pageParam() }));

/** seeds 000 §2.3: /watchlist/watchlist = My Watchlist. */
export const Route = createFileRoute('/_auth/watchlist/$type')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(watchlistQuery({ page: deps.page, limit: PAGE_SIZE })),
  pendingComponent: () => <ProductGridSkeleton />,
  component: WatchlistPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function WatchlistPage() {
  const { page } = Route.useSearch();
  const {
    data: { records, totalRecords },
  } = useSuspenseQuery(watchlistQuery({ page, limit: PAGE_SIZE }));
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.accountMenu.myWatchlist')) });
  const refetch = () => void invalidateAction(queryClient, 'myWatchlist');
  // seeds 000 §4.6 watchlistAdded: a lot watched or dropped (here or in another tab) changes the list.
  useUserMessages((message) => {
    if (message.type === 'watchlistAdded') refetch();
  });
  return (
    <MyLots
      title={t('ui.accountMenu.myWatchlist')}
      records={records}
      totalRecords={totalRecords}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={(next) => void navigate({ search: { page: next } })}
      empty={t('ui.myLots.watchlistEmpty')}
      refetch={refetch}
    />
  );
}

import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateAction } from '../../api/queries.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { SellerLots } from './SellerLots.tsx';
import {
  type SellerLotsKind,
  type SellerLotsSearch,
  sellerLotsAction,
  sellerLotsQuery,
} from './seller-lots.ts';

/**
 * /myWines/selling and /myWines/sold (seeds 000 §2.3, 001 §2 "seller lists"): one page for both lists,
 * its page and page size in the route's search.
 */
export function SellerLotsPage({
  kind,
  search,
  onSearch,
}: {
  kind: SellerLotsKind;
  search: SellerLotsSearch;
  onSearch: (next: (prev: SellerLotsSearch) => SellerLotsSearch) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    data: { records, totalRecords },
  } = useSuspenseQuery(sellerLotsQuery(kind, search));
  useDocumentMeta({ title: pageTitle(t(`ui.sellerLots.${kind}`)) });
  return (
    <SellerLots
      kind={kind}
      records={records}
      totalRecords={totalRecords}
      page={search.page}
      limit={search.limit}
      onPage={(page) => onSearch((prev) => ({ ...prev, page }))}
      onLimit={(limit) => onSearch(() => ({ page: 1, limit }))}
      refetch={() => void invalidateAction(queryClient, sellerLotsAction(kind))}
    />
  );
}

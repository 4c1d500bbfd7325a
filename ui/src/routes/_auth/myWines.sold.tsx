import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { SellerLotsPage } from '../../components/SellerLots/SellerLotsPage.tsx';
import { sellerLotsQuery, sellerLotsSearchSchema } from '../../components/SellerLots/seller-lots.ts';

/**
 * seeds 000 §2.3 /myWines/sold (001 §2 "seller lists"): the signed-in user's own lots sold, with the sold
 * price and close date; a seller's settlement statement above them (issue 33 "Sellers").
 */
export const Route = createFileRoute('/_auth/myWines/sold')({
  validateSearch: sellerLotsSearchSchema,
  search: { middlewares: sellerLotsSearchSchema.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context: { queryClient } }) => queryClient.ensureQueryData(sellerLotsQuery('sold', deps)),
  component: function Page() {
    const navigate = Route.useNavigate();
    return (
      <SellerLotsPage
        kind="sold"
        search={Route.useSearch()}
        onSearch={(next) => void navigate({ search: next })}
      />
    );
  },
  errorComponent: ({ error }) => <LoadError error={error} />,
});

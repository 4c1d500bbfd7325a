import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { SellerLotsPage } from '../../components/SellerLots/SellerLotsPage.tsx';
import { sellerLotsQuery, sellerLotsSearchSchema } from '../../components/SellerLots/seller-lots.ts';

/** seeds 000 §2.3 /myWines/selling (001 §2 "seller lists"): the signed-in user's own lots for sale (open, not yet started included). */
export const Route = createFileRoute('/_auth/myWines/selling/')({
  validateSearch: sellerLotsSearchSchema,
  search: { middlewares: sellerLotsSearchSchema.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(sellerLotsQuery('selling', deps)),
  component: function Page() {
    const navigate = Route.useNavigate();
    return (
      <SellerLotsPage
        kind="selling"
        search={Route.useSearch()}
        onSearch={(next) => void navigate({ search: next })}
      />
    );
  },
  errorComponent: ({ error }) => <LoadError error={error} />,
});

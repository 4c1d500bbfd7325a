import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * seeds 000 §2.3 /purchases/:type: the buyer's purchases, My Wines, of one type (issue 31: the type
 * was ignored): `auction` the lots won, `buynow` the wines bought now, `offer` those bought by offer
 * (issue 36), anything else all of them.
 */
export const Route = createFileRoute('/_auth/purchases/$type')({
  beforeLoad: ({ params }) => {
    const kind =
      params.type === 'auction' || params.type === 'buynow' || params.type === 'offer' ? params.type : 'all';
    throw redirect({ to: '/myWines/purchased', search: { page: 1, kind }, replace: true });
  },
});

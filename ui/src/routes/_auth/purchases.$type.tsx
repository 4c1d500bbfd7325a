import { createFileRoute, redirect } from '@tanstack/react-router';

/** seeds 000 §2.3 /purchases/:type: the buyer's purchases are My Wines for now. */
export const Route = createFileRoute('/_auth/purchases/$type')({
  beforeLoad: () => {
    throw redirect({ to: '/myWines/purchased', search: { page: 1 }, replace: true });
  },
});

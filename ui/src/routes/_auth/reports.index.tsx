import { createFileRoute, redirect } from '@tanstack/react-router';

/** /reports: the first report, customer orders (seeds 001 §7 getCustomerOrders). */
export const Route = createFileRoute('/_auth/reports/')({
  beforeLoad: () => {
    throw redirect({ to: '/reports/$report', params: { report: 'getCustomerOrders' }, search: { page: 1 } });
  },
});

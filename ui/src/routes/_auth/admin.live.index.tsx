import { createFileRoute } from '@tanstack/react-router';
import { LiveSales } from '../../components/LiveConsole/LiveSales.tsx';

/** /admin/live (auctioneers; issue 37): the live sales, each with its console. */
export const Route = createFileRoute('/_auth/admin/live/')({
  component: LiveSales,
});

import { createFileRoute } from '@tanstack/react-router';
import { LiveConsoleScreen } from '../../components/LiveConsole/LiveConsoleScreen.tsx';

/** /admin/live/:aid (auctioneers; issue 37): the auctioneer's console of one live sale. */
export const Route = createFileRoute('/_auth/admin/live/$aid')({
  component: LiveConsolePage,
});

function LiveConsolePage() {
  const { aid } = Route.useParams();
  return <LiveConsoleScreen auctionId={aid} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { PublicInvoice } from '../components/PublicInvoice/PublicInvoice.tsx';

/**
 * seeds 001 §7 public_invoice (issue 38 §2): /public_invoice/:token, a shared invoice for anyone with
 * its link, without signing in (the owner makes the link on /invoice/:id).
 */
export const Route = createFileRoute('/public_invoice/$token')({
  component: PublicInvoicePage,
});

function PublicInvoicePage() {
  const { token } = Route.useParams();
  return <PublicInvoice token={token} />;
}

import { actions, type SellerTerms } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { loadPayables } from '../seller-statements/read.ts';

/** Issue 33 "Sellers": the sellers with statement lines payable now, for finance and admins. */
export const sellerPayoutQueries =
  (configured: SellerTerms): QueryPlugin =>
  async (app, { docs, clock, auth }) => {
    registerAction(app, actions.staffSellerPayables, auth.authorize, async () => ({
      sellers: await loadPayables(docs, clock, configured),
    }));
  };

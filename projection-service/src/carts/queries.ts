import { actions, type PendingCounts } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import { LOT_BIDDERS } from '../bids/project.ts';
import type { QueryPlugin } from '../core/queries.ts';
import { CART_LINES } from './project.ts';

/** What the caller has still to pay for: the cart's lines and the auctions won. */
export const cartQueries: QueryPlugin = async (app, { docs, auth }) => {
  const { authorize, viewerOf } = auth;

  // seeds 000 §7 loadPendingCount: auctions won and not paid yet; buy-now lines in the cart.
  registerAction(
    app,
    actions.pendingCount,
    authorize,
    async (_input, { request }): Promise<PendingCounts> => {
      const userId = viewerOf(request) as string;
      const [won, lines] = await Promise.all([
        docs.collection(LOT_BIDDERS).countDocuments({ user_id: userId, bidtopstatus: 'won' }),
        docs.collection(CART_LINES).countDocuments({ user_id: userId }),
      ]);
      return { auctionCount: { totalRecords: won }, buynowCount: { totalRecords: lines } };
    },
  );
};

import { actions, chargesDue, USERS, type UserDocument } from '@wine/contracts';
import { type DocumentStore, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { chargeView, SELLER_CHARGES, type SellerChargeDocument } from './project.ts';

/** A seller's charges, newest first (the position of their InvoiceIssued has no tie). */
export async function loadCharges(docs: DocumentStore, sellerId: string) {
  const rows = await docs
    .collection<SellerChargeDocument>(SELLER_CHARGES)
    .find({ seller_id: sellerId }, { sort: { created_position: -1 } });
  return rows.map(chargeView);
}

/**
 * Issue 38 §1: the charges the house billed one seller or vendor, for the staff's seller screen
 * (/admin/users/:id), where an admin bills the next one and finance records money received offline.
 */
export const sellerChargeQueries: QueryPlugin = async (app, { docs, auth }) => {
  registerAction(app, actions.staffSellerCharges, auth.authorize, async ({ seller_id }) => {
    const [user, charges] = await Promise.all([
      docs.collection<UserDocument>(USERS).findOne({ _id: seller_id }),
      loadCharges(docs, seller_id),
    ]);
    const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
    return { seller: { id: seller_id, name: name || seller_id }, charges, due: chargesDue(charges) };
  });
};

import { actions, USERS, type UserDocument } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { GIFT_CARDS, type GiftCardDocument } from './project.ts';

/** Finance and admins: the gift cards issued, newest first, and what the unredeemed ones are worth. */
export const giftCardQueries: QueryPlugin = async (app, { docs, auth }) => {
  const cards = () => docs.collection<GiftCardDocument>(GIFT_CARDS);
  registerAction(app, actions.giftCards, auth.authorize, async ({ page, limit }) => {
    const [rows, totalRecords, open] = await Promise.all([
      cards().find({}, { sort: { issued_at: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
      cards().countDocuments({}),
      cards().find({ redeemed_by: null }, { projection: { amount: 1 } }),
    ]);
    // Issue 31: the redeemer by name, never a raw id.
    const redeemers = rows.flatMap((c) => (c.redeemed_by ? [c.redeemed_by] : []));
    const users = await docs
      .collection<UserDocument>(USERS)
      .find({ _id: { $in: redeemers } }, { projection: { first_name: 1, last_name: 1, email: 1 } });
    const nameOf = new Map(
      users.map((u) => [u._id, `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || String(u.email ?? '')]),
    );
    return {
      records: rows.map((c) => ({
        id: c.gift_card_id,
        last4: c.last4,
        amount: c.amount,
        issued_at: c.issued_at,
        redeemed_by: c.redeemed_by,
        redeemed_by_name: c.redeemed_by ? nameOf.get(c.redeemed_by) || null : null,
        redeemed_at: c.redeemed_at,
      })),
      totalRecords,
      outstanding: open.reduce((sum, c) => sum + c.amount, 0),
    };
  });
};

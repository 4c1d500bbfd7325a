import { actions, type LotDocument, type PrivateSaleGuests, USERS, type UserDocument } from '@wine/contracts';
import { AppError, registerAction } from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import type { QueryDeps } from '../core/queries.ts';
import { LOTS } from './project.ts';

/**
 * Issue 36 §5: the admins' list of who may see and buy a private sale (invited, or joined by a link),
 * first come first, with each buyer's name and address from the users read model, and how many
 * invitation links were mailed. Served on the admins' side alone: no storefront answer carries it.
 */
export function registerPrivateSaleQueries(app: FastifyInstance, { docs, auth }: QueryDeps): void {
  registerAction(
    app,
    actions.privateSaleGuests,
    auth.authorize,
    async ({ id }): Promise<PrivateSaleGuests> => {
      const lot = await docs
        .collection<LotDocument>(LOTS)
        .findOne({ _id: id }, { projection: { _id: 1, private_sale: 1, guest_list: 1, links_sent: 1 } });
      if (!lot) throw new AppError('LOT_NOT_FOUND');
      if (lot.private_sale !== 1) throw new AppError('NOT_PRIVATE_SALE');
      const guests = lot.guest_list ?? [];
      const users = await docs
        .collection<UserDocument>(USERS)
        .find(
          { _id: { $in: guests.map((g) => g.user_id) } },
          { projection: { _id: 1, first_name: 1, last_name: 1, email: 1 } },
        );
      const byId = new Map(users.map((u) => [u._id, u]));
      const records = guests.map((guest) => {
        const user = byId.get(guest.user_id);
        return {
          user_id: guest.user_id,
          name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
          email: user?.email ?? '',
          joined_by: guest.joined_by,
          at: guest.at,
        };
      });
      return { records, totalRecords: records.length, links_sent: lot.links_sent ?? 0 };
    },
  );
}

import { actions, MAX_ADDRESS_BOOK } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { ADDRESS_BOOK, type AddressBookDocument } from './project.ts';

/** Issue 31: the caller's own address book, oldest first. */
export const addressBookQueries: QueryPlugin = async (app, { docs, auth }) => {
  const { authorize, viewerOf } = auth;
  registerAction(app, actions.myAddressBook, authorize, async (_input, { request }) => {
    const userId = viewerOf(request) as string;
    const rows = await docs
      .collection<AddressBookDocument>(ADDRESS_BOOK)
      .find({ user_id: userId }, { sort: { created_position: 1 } });
    return {
      records: rows.map((r) => ({
        id: r.id,
        label: r.label,
        address1: r.address1,
        ...(r.address2 ? { address2: r.address2 } : {}),
        city: r.city,
        state: r.state,
        zip: r.zip,
      })),
      max: MAX_ADDRESS_BOOK,
    };
  });
};

import type { AddressBookEvent } from '@wine/event-schemas';
import { guardedDelete } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const ADDRESS_BOOK = 'address_book';

/** Issue 31: an address in a buyer's address book. */
export interface AddressBookDocument {
  _id: string;
  [key: string]: unknown;
  user_id: string;
  id: string;
  label: string;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zip: string;
  /** Where it was first saved: the book lists oldest first, a change keeps the place. */
  created_position: string;
  _position: string;
}

export const addressBookProjection = defineProjection<AddressBookEvent>({
  name: 'address-book',
  collections: [ADDRESS_BOOK],
  handles: ['AddressBookEntrySaved', 'AddressBookEntryRemoved'],
  indexes: { [ADDRESS_BOOK]: [{ key: { user_id: 1, created_position: 1 }, name: 'user_created' }] },
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('user-')) return [];
    const userId = event.streamName.slice('user-'.length);
    const _id = `${userId}:${event.data.addressId}`;
    if (event.type === 'AddressBookEntryRemoved') return [guardedDelete(ADDRESS_BOOK, _id, event)];
    const { address1, address2, city, state, zip } = event.data.address;
    // Redelivery replays in log order from the checkpoint, so saves and removals end as the log ends.
    return [
      {
        collection: ADDRESS_BOOK,
        operation: {
          updateOne: {
            filter: { _id },
            update: {
              $set: {
                user_id: userId,
                id: event.data.addressId,
                label: event.data.label,
                address1,
                address2: address2 ?? '',
                city,
                state,
                zip,
                _position: event.position,
              },
              $setOnInsert: { created_position: event.position },
            },
            upsert: true,
          },
        },
      },
    ];
  },
});

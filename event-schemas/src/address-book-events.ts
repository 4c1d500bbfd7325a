import { z } from 'zod';
import { InvoiceAddress } from './invoice-events.ts';
import { defineEvent } from './registry.ts';

/**
 * Issue 31: the buyer's address book, on the user's stream (`user-<id>`): an address saved (or saved
 * again under the same id, changed) with the buyer's own label, and an address removed.
 */
export const AddressBookEntrySaved = defineEvent({
  type: 'AddressBookEntrySaved',
  version: 1,
  schema: z.object({
    addressId: z.string().min(1).max(64),
    label: z.string().max(60),
    address: InvoiceAddress,
  }),
});

export const AddressBookEntryRemoved = defineEvent({
  type: 'AddressBookEntryRemoved',
  version: 1,
  schema: z.object({ addressId: z.string().min(1).max(64) }),
});

export type AddressBookEvent =
  | { type: 'AddressBookEntrySaved'; data: z.infer<typeof AddressBookEntrySaved.schema> }
  | { type: 'AddressBookEntryRemoved'; data: z.infer<typeof AddressBookEntryRemoved.schema> };
export const addressBookEventDefinitions = [AddressBookEntrySaved, AddressBookEntryRemoved] as const;

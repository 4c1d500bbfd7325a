import { z } from 'zod';
import { atMost } from '../accounts/fields.ts';
import { action, NoInput } from '../action.ts';
import { t } from '../i18n/index.ts';
import { CheckoutAddress } from '../money/inputs.ts';
import { plainText } from '../text.ts';

const Id = z.string().trim().min(1).max(64);

/** Issue 31: an address saved to the address book, with the buyer's label ('Home'); new without an id. */
export const SaveAddressBookInput = z.strictObject({
  address_id: Id.optional(),
  label: plainText(() => t('labels.title'))
    .max(60, atMost(60))
    .default(''),
  address: CheckoutAddress,
});
export const RemoveAddressBookInput = z.strictObject({ address_id: Id });

export const SavedAddressView = z.object({
  id: z.string(),
  label: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type SavedAddressView = z.infer<typeof SavedAddressView>;

/** The buyer's address book, oldest first, and how many it may hold. */
export const AddressBookView = z.object({ records: z.array(SavedAddressView), max: z.number() });
export type AddressBookView = z.infer<typeof AddressBookView>;

/** Issue 31: at most this many addresses in one buyer's book. */
export const MAX_ADDRESS_BOOK = 10;

/** Issue 31: the address book (saved at checkout or in My Account, picked at checkout). */
export const addressBookActions = {
  saveAddressBookEntry: action({
    path: '/api/user/addressBook/save',
    side: 'command',
    auth: 'user',
    input: SaveAddressBookInput,
    output: AddressBookView.pick({ max: true }).extend({ id: z.string() }),
  }),
  removeAddressBookEntry: action({
    path: '/api/user/addressBook/remove',
    side: 'command',
    auth: 'user',
    input: RemoveAddressBookInput,
    output: z.object({ id: z.string() }),
  }),
  myAddressBook: action({
    path: '/api/user/addressBook',
    side: 'query',
    auth: 'user',
    input: NoInput,
    output: AddressBookView,
  }),
} as const;

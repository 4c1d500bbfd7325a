import { MAX_ADDRESS_BOOK } from '@wine/contracts';
import type { AddressBookEvent, UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { UserHandlers, UserSlice } from '../users/handlers.ts';
import type { User } from '../users/user.ts';

/** An address the buyer saved, with their own label ('Home', 'Office'). */
export interface SavedAddress {
  id: string;
  label: string;
  address: Extract<AddressBookEvent, { type: 'AddressBookEntrySaved' }>['data']['address'];
}

/**
 * Issue 31: the address book, on the user's stream (the user decider delegates these commands here).
 * Saving under a new id adds an address (refused past MAX_ADDRESS_BOOK); under an id the book has,
 * changes it; the same address and label again records nothing. Removing an unknown id records nothing.
 */
export type AddressBookCommand =
  | { type: 'SaveAddressBookEntry'; entry: SavedAddress }
  | { type: 'RemoveAddressBookEntry'; addressId: string };

const same = (a: SavedAddress, b: SavedAddress) => JSON.stringify(a) === JSON.stringify(b);

export function decideAddressBook(command: AddressBookCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'SaveAddressBookEntry': {
      const { entry } = command;
      const known = state.addressBook.find((a) => a.id === entry.id);
      if (known && same(known, entry)) return [];
      if (!known && state.addressBook.length >= MAX_ADDRESS_BOOK) throw new AppError('ADDRESS_BOOK_FULL');
      return [
        {
          type: 'AddressBookEntrySaved',
          data: { addressId: entry.id, label: entry.label, address: entry.address },
        },
      ];
    }
    case 'RemoveAddressBookEntry':
      return state.addressBook.some((a) => a.id === command.addressId)
        ? [{ type: 'AddressBookEntryRemoved', data: { addressId: command.addressId } }]
        : [];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const addressBookHandlers: UserHandlers<AddressBookCommand> = {
  SaveAddressBookEntry: decideAddressBook,
  RemoveAddressBookEntry: decideAddressBook,
};

export interface AddressBookState {
  /** Issue 31: the address book, oldest first. */
  addressBook: SavedAddress[];
}

export const addressBookSlice: UserSlice<
  AddressBookState,
  'AddressBookEntrySaved' | 'AddressBookEntryRemoved'
> = {
  initial: { addressBook: [] },
  evolve: {
    AddressBookEntrySaved: (state, { data: { addressId, label, address } }) => {
      const entry: SavedAddress = { id: addressId, label, address };
      const known = state.addressBook.some((a) => a.id === addressId);
      return {
        ...state,
        addressBook: known
          ? state.addressBook.map((a) => (a.id === addressId ? entry : a))
          : [...state.addressBook, entry],
      };
    },
    AddressBookEntryRemoved: (state, event) => ({
      ...state,
      addressBook: state.addressBook.filter((a) => a.id !== event.data.addressId),
    }),
  },
};

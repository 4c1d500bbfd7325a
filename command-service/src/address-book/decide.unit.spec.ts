import { MAX_ADDRESS_BOOK } from '@wine/contracts';
import type { UserEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { userDecider } from '../users/decide.ts';
import { registered } from '../users/fixtures.ts';
import type { SavedAddress } from './decide.ts';

const spec = deciderSpec(userDecider);
const home: SavedAddress = {
  id: 'ad-1',
  label: 'Home',
  address: { address1: '1 N State St', address2: 'Suite 400', city: 'Chicago', state: 'IL', zip: '60602' },
};
const saved = (entry: SavedAddress): UserEvent => ({
  type: 'AddressBookEntrySaved',
  data: { addressId: entry.id, label: entry.label, address: entry.address },
});
const removed = (addressId: string): UserEvent => ({ type: 'AddressBookEntryRemoved', data: { addressId } });
const save = (entry: SavedAddress) => ({ type: 'SaveAddressBookEntry', entry }) as const;

describe('user decider: the address book (issue 31)', () => {
  it('saves an address, and records nothing when the same one is saved again', () => {
    spec([registered])
      .when(save(home))
      .then([saved(home)]);
    spec([registered, saved(home)])
      .when(save(home))
      .then([]);
  });

  it('changes an address saved under the same id', () => {
    const moved = { ...home, label: 'Office', address: { ...home.address, address2: 'Floor 9' } };
    spec([registered, saved(home)])
      .when(save(moved))
      .then([saved(moved)]);
  });

  it(`refuses an address beyond ${MAX_ADDRESS_BOOK} with ADDRESS_BOOK_FULL, but still changes one it has`, () => {
    const full = Array.from({ length: MAX_ADDRESS_BOOK }, (_, i) => saved({ ...home, id: `ad-${i}` }));
    spec([registered, ...full])
      .when(save({ ...home, id: 'ad-new' }))
      .thenThrows({ code: 'ADDRESS_BOOK_FULL' });
    spec([registered, ...full])
      .when(save({ ...home, id: 'ad-3', label: 'Cellar' }))
      .then([saved({ ...home, id: 'ad-3', label: 'Cellar' })]);
  });

  it('makes room once one is removed', () => {
    const full = Array.from({ length: MAX_ADDRESS_BOOK }, (_, i) => saved({ ...home, id: `ad-${i}` }));
    spec([registered, ...full, removed('ad-0')])
      .when(save({ ...home, id: 'ad-new' }))
      .then([saved({ ...home, id: 'ad-new' })]);
  });

  it('removes an address it has, and records nothing for one it does not', () => {
    spec([registered, saved(home)])
      .when({ type: 'RemoveAddressBookEntry', addressId: 'ad-1' })
      .then([removed('ad-1')]);
    spec([registered, saved(home), removed('ad-1')])
      .when({ type: 'RemoveAddressBookEntry', addressId: 'ad-1' })
      .then([]);
  });
});

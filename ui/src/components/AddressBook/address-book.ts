import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutAddress, SavedAddressView } from '@wine/contracts';
import { call } from '../../api/client.ts';

/** Issue 31: the buyer's address book (myAddressBook). */
export const addressBookQuery = () =>
  queryOptions({
    queryKey: ['myAddressBook', {}] as const,
    queryFn: ({ signal }) => call('myAddressBook', {}, { signal }),
  });

export const useAddressBook = () => useQuery(addressBookQuery());

/** A saved address as the checkout's form takes it. */
export const formAddressOf = (saved: SavedAddressView): CheckoutAddress => ({
  address1: saved.address1,
  ...(saved.address2 ? { address2: saved.address2 } : {}),
  city: saved.city,
  state: saved.state,
  zip: saved.zip,
});

/** Where an address is, on one line. */
export const addressLine = (a: Pick<CheckoutAddress, 'address1' | 'address2' | 'city' | 'state' | 'zip'>) =>
  `${a.address1}${a.address2 ? `, ${a.address2}` : ''}, ${a.city}, ${a.state} ${a.zip}`;

/** One line naming a saved address: its label, then where it is. */
export const savedAddressLine = (saved: SavedAddressView): string => {
  const where = addressLine(saved);
  return saved.label ? `${saved.label}: ${where}` : where;
};

/** Saves or removes an address, then reads the book again (the read side follows the log). */
export function useAddressBookChange() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['myAddressBook'] });
  const save = useMutation({
    mutationFn: (input: { label: string; address: CheckoutAddress }) => call('saveAddressBookEntry', input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (addressId: string) => call('removeAddressBookEntry', { address_id: addressId }),
    onSuccess: refresh,
  });
  return { save, remove };
}

import { actions, MAX_ADDRESS_BOOK } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { userDecider } from '../users/decide.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const address = {
  address1: '1 N State St',
  address2: 'Suite 400',
  city: 'Chicago',
  state: 'IL',
  zip: '60602',
};
let n = 0;
const someone = () => service.signUp(`book${++n}@addresses.example`);
const bookOf = async (userId: string) => {
  const user = await service.service.streams.load(userStream(userId), userDecider);
  return user.addressBook;
};

describe('the address book (issue 31)', () => {
  it('refuses a visitor', async () => {
    const answer = await service.post(actions.saveAddressBookEntry.path, { label: 'Home', address });
    expect(answer.status).toBe(403);
  });

  it('names the field of a bad address', async () => {
    const ann = await someone();
    const answer = await service.post(
      actions.saveAddressBookEntry.path,
      { label: 'Home', address: { ...address, zip: 'abc' } },
      { token: ann.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.responseData).toMatchObject({ field: 'address.zip' });
  });

  it('saves an address on the user stream once however often the request is sent, and removes it', async () => {
    const ann = await someone();
    const send = () =>
      service.post<{ id: string; max: number }>(
        actions.saveAddressBookEntry.path,
        { label: 'Home', address },
        { token: ann.token, commandId: 'save-home-1' },
      );
    const [first, again] = [await send(), await send()];
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(again.body.data.responseData).toEqual(first.body.data.responseData);
    const id = first.body.data.responseData.id;
    expect(await bookOf(ann.id)).toEqual([{ id, label: 'Home', address }]);
    const gone = await service.post(
      actions.removeAddressBookEntry.path,
      { address_id: id },
      { token: ann.token },
    );
    expect(gone.status).toBe(200);
    expect(await bookOf(ann.id)).toEqual([]);
  });

  it('keeps where a chosen suggestion placed the address (issue 35 §5), and refuses a place off the globe', async () => {
    const bea = await someone();
    const placed = {
      ...address,
      latitude: 41.8825,
      longitude: -87.6277,
      place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
    };
    const saved = await service.post<{ id: string }>(
      actions.saveAddressBookEntry.path,
      { label: 'Office', address: placed },
      { token: bea.token },
    );
    expect(saved.status).toBe(200);
    const { place_id: placeId, ...rest } = placed;
    expect(await bookOf(bea.id)).toEqual([
      { id: saved.body.data.responseData.id, label: 'Office', address: { ...rest, placeId } },
    ]);
    const off = await service.post(
      actions.saveAddressBookEntry.path,
      { label: 'Nowhere', address: { ...placed, latitude: 91 } },
      { token: bea.token },
    );
    expect([off.status, off.body.data.responseData]).toMatchObject([400, { field: 'address.latitude' }]);
    expect(await bookOf(bea.id)).toHaveLength(1);
  });

  it(`refuses the ${MAX_ADDRESS_BOOK + 1}th address with ADDRESS_BOOK_FULL`, async () => {
    const bob = await someone();
    for (let i = 0; i < MAX_ADDRESS_BOOK; i++) {
      const answer = await service.post(
        actions.saveAddressBookEntry.path,
        { label: `Place ${i}`, address },
        { token: bob.token },
      );
      expect(answer.status).toBe(200);
    }
    const full = await service.post(
      actions.saveAddressBookEntry.path,
      { label: 'One more', address },
      { token: bob.token },
    );
    expect(full.status).toBe(400);
    expect(full.body.data.code).toBe('ADDRESS_BOOK_FULL');
    expect(await bookOf(bob.id)).toHaveLength(MAX_ADDRESS_BOOK);
  });
});

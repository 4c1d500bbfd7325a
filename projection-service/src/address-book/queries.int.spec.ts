import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { addressBookProjection } from './project.ts';
import { addressBookQueries } from './queries.ts';

const clock = manualClock('2026-11-23T12:00:00.000Z');
const home = { address1: '1 N State St', address2: 'Suite 400', city: 'Chicago', state: 'IL', zip: '60602' };
const office = { address1: '9 Elm St', city: 'Springfield', state: 'IL', zip: '62701' };

describe('the address book read model (issue 31)', () => {
  it("answers the caller's own addresses, oldest first, a change in its place and a removal gone", async () => {
    const record = eventRecorder();
    const events = [
      record('user-ann', 'AddressBookEntrySaved', { addressId: 'a1', label: 'Home', address: home }),
      record('user-ann', 'AddressBookEntrySaved', { addressId: 'a2', label: 'Office', address: office }),
      record('user-ann', 'AddressBookEntrySaved', { addressId: 'a3', label: 'Cellar', address: office }),
      record('user-bob', 'AddressBookEntrySaved', { addressId: 'b1', label: 'Bob', address: home }),
      record('user-ann', 'AddressBookEntrySaved', { addressId: 'a1', label: 'Home (new)', address: home }),
      record('user-ann', 'AddressBookEntryRemoved', { addressId: 'a3' }),
    ];
    const docs = await applyEvents([addressBookProjection], events);
    // Delivered twice, it ends the same.
    await applyEvents([addressBookProjection], events, docs);
    const { app, post, signIn } = await queryApp(addressBookQueries, docs, clock);
    const answer = await post('/api/user/addressBook', {}, await signIn('ann'));
    expect(answer.json().data.responseData).toEqual({
      records: [
        { id: 'a1', label: 'Home (new)', ...home },
        { id: 'a2', label: 'Office', ...office },
      ],
      max: 10,
      // seeds 000 §3.2: every list carries its count and caption (issue 38 §6).
      totalRecords: 2,
      setDisp: 'Showing 1-2 of 2',
    });
    expect((await post('/api/user/addressBook', {})).statusCode).toBe(403);
    await app.close();
  });
});

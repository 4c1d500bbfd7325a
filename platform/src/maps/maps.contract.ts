/**
 * The maps port's contract (issue 35 §5): what every maps service answers for the address form, with
 * the built-in addresses (places.ts) on its side. Each adapter is given the same session id per test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Maps } from './port.ts';

export interface MapsUnderTest {
  maps: Maps;
  close(): Promise<void>;
}

export function mapsContract(name: string, open: () => Promise<MapsUnderTest>) {
  describe(`maps contract: ${name}`, () => {
    let under: MapsUnderTest;
    const session = () => randomUUID();
    beforeAll(async () => {
      under = await open();
    });
    afterAll(async () => {
      await under?.close();
    });

    it('suggests the address being typed, then answers its parts and coordinates', async () => {
      const id = session();
      const suggestions = await under.maps.autocomplete('233 S Wack', id, 'en');
      expect(suggestions).toEqual([
        { description: '233 S Wacker Dr, Chicago, IL, USA', place_id: 'sandbox-chi-wacker-233' },
      ]);
      expect(await under.maps.placeDetails('sandbox-chi-wacker-233', id, 'en')).toEqual({
        place_id: 'sandbox-chi-wacker-233',
        address1: '233 S Wacker Dr',
        city: 'Chicago',
        state: 'IL',
        zip: '60606',
        country: 'US',
        full_address: '233 S Wacker Dr, Chicago, IL 60606, USA',
        latitude: 41.8789,
        longitude: -87.6359,
      });
    });

    it('describes the suggestions in the language asked', async () => {
      expect(await under.maps.autocomplete('875 N Michigan', session(), 'es')).toEqual([
        { description: '875 N Michigan Ave, Chicago, IL, EE. UU.', place_id: 'sandbox-chi-michigan-875' },
      ]);
    });

    it('suggests at most five, and nothing for a text that names no address', async () => {
      const chicago = await under.maps.autocomplete('Chicago IL', session(), 'en');
      expect(chicago).toHaveLength(5);
      for (const s of chicago) expect(s.description).toMatch(/, Chicago, IL, USA$/);
      expect(await under.maps.autocomplete('Zzyzx Nowhere Rd', session(), 'en')).toEqual([]);
    });

    it('answers null for a place id it does not know', async () => {
      expect(await under.maps.placeDetails('sandbox-no-such-place', session(), 'en')).toBeNull();
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createGooglePlacesMaps } from './google-places.ts';
import { type GooglePlacesDouble, startGooglePlacesDouble } from './google-places-double.ts';
import { openMaps } from './index.ts';
import { mapsContract } from './maps.contract.ts';
import { knownPlaces } from './places.ts';
import { MapsServiceError } from './port.ts';
import { createSandboxMaps } from './sandbox.ts';

const KEY = 'AIzaDouble0Places0Key';
const startDouble = () => startGooglePlacesDouble({ apiKey: KEY, places: knownPlaces });
const googleAt = (url: string, apiKey = KEY) =>
  createGooglePlacesMaps({ baseUrl: url, apiKey, timeoutMs: 2_000 });

mapsContract('sandbox', async () => ({ maps: createSandboxMaps(), close: async () => {} }));

mapsContract('google places, against a local double of the Places API', async () => {
  const double = await startDouble();
  return { maps: googleAt(double.url), close: () => double.close() };
});

describe('the google places adapter, against a local double of the Places API', () => {
  let double: GooglePlacesDouble;
  beforeAll(async () => {
    double = await startDouble();
  });
  afterAll(() => double.close());

  it('asks autocomplete for US addresses, then details of the few fields kept, in one session', async () => {
    double.requests.length = 0;
    const maps = googleAt(`${double.url}/`);
    await maps.autocomplete('1 N Wacker', 'session-1', 'es');
    await maps.placeDetails('sandbox-chi-wacker-1', 'session-1', 'es');
    const [suggest, details, ...more] = double.requests;
    expect(more).toEqual([]);
    expect(suggest).toEqual({
      method: 'GET',
      path: '/maps/api/place/autocomplete/json',
      query: {
        input: '1 N Wacker',
        sessiontoken: 'session-1',
        language: 'es',
        types: 'address',
        components: 'country:us',
        key: KEY,
      },
    });
    expect(details).toEqual({
      method: 'GET',
      path: '/maps/api/place/details/json',
      query: {
        place_id: 'sandbox-chi-wacker-1',
        sessiontoken: 'session-1',
        language: 'es',
        fields: 'address_component,formatted_address,geometry/location,place_id',
        key: KEY,
      },
    });
  });

  it("throws Google's REQUEST_DENIED and its message for a bad key, never the key", async () => {
    for (const call of [
      (maps: ReturnType<typeof googleAt>) => maps.autocomplete('233 S Wacker', 's', 'en'),
      (maps: ReturnType<typeof googleAt>) => maps.placeDetails('sandbox-chi-wacker-233', 's', 'en'),
    ]) {
      const refused = await call(googleAt(double.url, 'AIzaWRONG')).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MapsServiceError);
      expect(refused).toMatchObject({
        code: 'REQUEST_DENIED',
        message: 'google REQUEST_DENIED: The provided API key is invalid.',
      });
      expect(String((refused as Error).message)).not.toContain('AIzaWRONG');
    }
  });

  it("answers no suggestions for Google's ZERO_RESULTS and null for NOT_FOUND and INVALID_REQUEST", async () => {
    const maps = googleAt(double.url);
    expect(await maps.autocomplete('Zzyzx Nowhere Rd', 's', 'en')).toEqual([]);
    expect(await maps.placeDetails('ChIJ-no-such-place', 's', 'en')).toBeNull();
    expect(await maps.placeDetails('', 's', 'en')).toBeNull();
  });

  it('throws INVALID_REQUEST for an autocomplete Google refuses (no input)', async () => {
    const refused = await googleAt(double.url)
      .autocomplete('', 's', 'en')
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('throws when the double is down or nothing answers', async () => {
    double.outage(true);
    const down = await googleAt(double.url)
      .autocomplete('233 S Wacker', 's', 'en')
      .catch((error: unknown) => error);
    double.outage(false);
    expect(down).toBeInstanceOf(MapsServiceError);
    expect(down).toMatchObject({ code: 'HTTP_503' });

    const gone = await startDouble();
    await gone.close();
    const unreachable = await googleAt(gone.url)
      .autocomplete('233 S Wacker', 's', 'en')
      .catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ code: 'UNREACHABLE' });
  });

  it('is what openMaps picks for MAPS_PROVIDER=google, at GOOGLE_MAPS_URL', async () => {
    const maps = openMaps(
      loadConfig({ MAPS_PROVIDER: 'google', GOOGLE_MAPS_URL: double.url, GOOGLE_MAPS_API_KEY: KEY }),
    );
    expect(maps.name).toBe('google');
    expect(await maps.autocomplete('350 5th', 's', 'en')).toEqual([
      { description: '350 5th Ave, New York, NY, USA', place_id: 'sandbox-nyc-fifth-350' },
    ]);
  });
});

describe('the maps service configuration', () => {
  it('picks the sandbox by default and refuses google without its key, naming it', () => {
    const config = loadConfig({});
    expect(config.MAPS_PROVIDER).toBe('sandbox');
    expect(openMaps(config).name).toBe('sandbox');
    expect(() => openMaps(loadConfig({ MAPS_PROVIDER: 'google' }))).toThrow(
      'MAPS_PROVIDER=google needs GOOGLE_MAPS_API_KEY',
    );
    expect(() => loadConfig({ MAPS_PROVIDER: 'mapbox' })).toThrow(/MAPS_PROVIDER/);
    expect(() => loadConfig({ GOOGLE_MAPS_URL: 'ftp://x' })).toThrow(/GOOGLE_MAPS_URL/);
  });
});

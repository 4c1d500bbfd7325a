import { actions } from '@wine/contracts';
import { createGooglePlacesMaps, knownPlaces } from '@wine/platform';
import { type GooglePlacesDouble, startGooglePlacesDouble } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
let token: string;
beforeAll(async () => {
  service = await openTestCommandService();
  token = (await service.signUp('typist@lookup.example')).token;
});
afterAll(() => service.close());

const SESSION = 'lookup-session-0001';
const suggest = (
  text: unknown,
  options: { token?: string; headers?: Record<string, string> } = { token: '' },
) =>
  service.post<{ suggestions: { description: string; place_id: string }[] }>(
    actions.addressAutocomplete.path,
    { text, session: SESSION },
    { ...options, token: options.token === '' ? token : options.token },
  );

describe('address suggestions for the address form (issue 35 §5, the sandbox)', () => {
  it('refuses a visitor before reading the body', async () => {
    const answer = await service.post(actions.addressAutocomplete.path, {
      text: '233 S Wacker',
      session: SESSION,
    });
    expect(answer.status).toBe(403);
    const details = await service.post(actions.addressDetails.path, {
      place_id: 'sandbox-chi-wacker-233',
      session: SESSION,
    });
    expect(details.status).toBe(403);
  });

  it("suggests what is typed, in the request's language, then answers the chosen place", async () => {
    const en = await suggest('233 S Wack');
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    expect(en.body.data.responseData.suggestions).toEqual([
      { description: '233 S Wacker Dr, Chicago, IL, USA', place_id: 'sandbox-chi-wacker-233' },
    ]);
    const es = await suggest('233 S Wack', { token, headers: { 'accept-language': 'es' } });
    expect(es.body.data.responseData.suggestions[0]?.description).toBe(
      '233 S Wacker Dr, Chicago, IL, EE. UU.',
    );

    const place = await service.post(
      actions.addressDetails.path,
      { place_id: 'sandbox-chi-wacker-233', session: SESSION },
      { token },
    );
    expect(place.status).toBe(200);
    expect(place.body.data.responseData).toEqual({
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

  it('answers PLACE_NOT_FOUND for a place it does not know', async () => {
    const answer = await service.post(
      actions.addressDetails.path,
      { place_id: 'ChIJ-no-such-place', session: SESSION },
      { token },
    );
    expect(answer.status).toBe(404);
    expect(answer.body.data).toMatchObject({ code: 'PLACE_NOT_FOUND', responseData: { field: 'place_id' } });
  });

  it('refuses hostile and huge input with the field named, never a 500', async () => {
    for (const [payload, field] of [
      [{ text: 'x'.repeat(201), session: SESSION }, 'text'],
      [{ text: '233 S\u202e Wacker', session: SESSION }, 'text'],
      [{ text: '   ', session: SESSION }, 'text'],
      [{ text: { $ne: '' }, session: SESSION }, 'text'],
      [{ text: '233 S Wacker', session: '../../etc' }, 'session'],
      [{ text: '233 S Wacker', session: SESSION, key: 'AIza' }, null],
    ] as const) {
      const answer = await service.post(actions.addressAutocomplete.path, payload, { token });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      if (field) expect(answer.body.data.responseData).toMatchObject({ field });
    }
    const badPlace = await service.post(
      actions.addressDetails.path,
      { place_id: '../admin?x=1', session: SESSION },
      { token },
    );
    expect(badPlace.status).toBe(400);
    const huge = await service.post(
      actions.addressAutocomplete.path,
      { text: 'a'.repeat(3_000_000), session: SESSION },
      { token },
    );
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });

  it('refuses an x-command-id reused for another lookup', async () => {
    const first = await suggest('1 N Wacker', { token, headers: { 'x-command-id': 'lookup-reused-1' } });
    expect(first.status).toBe(200);
    const other = await suggest('350 5th', { token, headers: { 'x-command-id': 'lookup-reused-1' } });
    expect(other.status).toBe(422);
    expect(other.body.data.code).toBe('COMMAND_ID_REUSED');
  });
});

describe('address lookups, rate-limited', () => {
  it('answers RATE_LIMITED past the lookups a client may make in a minute', async () => {
    const limited = await openTestCommandService({ addressLookupRateLimit: 3 });
    try {
      const ann = await limited.signUp('fast@lookup.example');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const answer = await limited.post(
          actions.addressAutocomplete.path,
          { text: `${i} Main`, session: SESSION },
          { token: ann.token },
        );
        statuses.push(answer.status);
        if (answer.status === 429) expect(answer.body.data.code).toBe('RATE_LIMITED');
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('address lookups through Google Places, against a local double of its API', () => {
  let double: GooglePlacesDouble;
  beforeAll(async () => {
    double = await startGooglePlacesDouble({ apiKey: 'AIzaDoubleKey', places: knownPlaces });
  });
  afterAll(() => double.close());

  it('suggests through the adapter, and answers ADDRESS_LOOKUP_UNAVAILABLE when Google refuses the key', async () => {
    const good = await openTestCommandService({
      maps: createGooglePlacesMaps({ baseUrl: double.url, apiKey: 'AIzaDoubleKey' }),
    });
    const bad = await openTestCommandService({
      maps: createGooglePlacesMaps({ baseUrl: double.url, apiKey: 'AIzaWrongKey' }),
    });
    try {
      const ann = await good.signUp('google@lookup.example');
      const answer = await good.post<{ suggestions: unknown[] }>(
        actions.addressAutocomplete.path,
        { text: '350 5th', session: SESSION },
        { token: ann.token },
      );
      expect(answer.body.data.responseData.suggestions).toEqual([
        { description: '350 5th Ave, New York, NY, USA', place_id: 'sandbox-nyc-fifth-350' },
      ]);
      const bob = await bad.signUp('denied@lookup.example');
      const refused = await bad.post(
        actions.addressAutocomplete.path,
        { text: '350 5th', session: SESSION },
        { token: bob.token },
      );
      expect(refused.status).toBe(503);
      expect(refused.body.data.code).toBe('ADDRESS_LOOKUP_UNAVAILABLE');
      expect(JSON.stringify(refused.body)).not.toContain('AIzaWrongKey');
    } finally {
      await good.close();
      await bad.close();
    }
  });
});

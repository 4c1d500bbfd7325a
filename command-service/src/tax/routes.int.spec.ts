import { type AddressValidationView, actions, defaultMoneySettings } from '@wine/contracts';
import { openTax } from '@wine/platform';
import { type AvaTaxDouble, startAvaTaxDouble } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

/** seeds 001 §7 "tax/avalara isValidAddress": an address checked by the tax port, for a signed-in user. */
const PATH = actions.isValidAddress.path;
const chicago = { address1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606' };
const validation = (answer: { body: { data: { responseData: unknown } } }) =>
  answer.body.data.responseData as AddressValidationView;

describe('isValidAddress on the configured table (the embedded default)', () => {
  let service: TestCommandService;
  beforeAll(async () => {
    service = await openTestCommandService();
  });
  afterAll(() => service.close());

  it('answers a valid address as the service writes it, and records nothing', async () => {
    const ann = await service.signUp('ann@tax-address.example');
    const before = await service.service.streams.store.headPosition();
    const answer = await service.post(
      PATH,
      {
        address1: ' 233   S Wacker Dr',
        address2: 'Floor 66',
        city: 'Chicago ',
        state: 'Illinois',
        zip: '60606',
      },
      { token: ann.token },
    );
    expect(answer.status).toBe(200);
    expect(validation(answer)).toEqual({
      valid: true,
      reason: null,
      address: {
        address1: '233 S Wacker Dr',
        address2: 'Floor 66',
        city: 'Chicago',
        state: 'IL',
        zip: '60606',
      },
      fallback: false,
    });
    expect(await service.service.streams.store.headPosition()).toBe(before);
  });

  it('says why an address is not valid, by code and in words', async () => {
    const bo = await service.signUp('bo@tax-address.example');
    const zip = await service.post(PATH, { ...chicago, zip: '10001' }, { token: bo.token });
    expect(zip.status).toBe(200);
    expect(validation(zip)).toEqual({
      valid: false,
      reason: 'zipNotInState',
      address: null,
      fallback: false,
    });
    expect(zip.body.data.message).toBe('We cannot deliver to this address: the ZIP code is not in IL');
    const state = await service.post(PATH, { ...chicago, state: 'Ontario' }, { token: bo.token });
    expect(validation(state)).toMatchObject({ valid: false, reason: 'unknownState' });
  });

  it('refuses without a session before the body is read, and an incomplete address', async () => {
    const visitor = await service.app.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect([visitor.statusCode, visitor.json().data.code]).toEqual([403, 'SESSION_INVALID']);
    const cy = await service.signUp('cy@tax-address.example');
    const { city: _city, ...noCity } = chicago;
    const incomplete = await service.post(PATH, noCity, { token: cy.token });
    expect([incomplete.status, incomplete.body.data.code]).toEqual([400, 'VALIDATION']);
    expect(incomplete.body.data.responseData.field).toBe('city');
  });
});

describe('isValidAddress limited as address lookups are', () => {
  let service: TestCommandService;
  beforeAll(async () => {
    service = await openTestCommandService({ addressLookupRateLimit: 2 });
  });
  afterAll(() => service.close());

  it('refuses a client past its checks a minute (counted on arrival)', async () => {
    const fay = await service.signUp('fay@tax-address.example');
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await service.post(PATH, chicago, { token: fay.token })).status);
    expect(answers).toEqual([200, 200, 429]);
  });
});

describe('isValidAddress with Avalara, against a local double of AvaTax', () => {
  const credentials = {
    accountId: '2000123456',
    licenseKey: 'DOUBLE0LICENSE0KEY',
    companyCode: 'WINEDOUBLE',
  };
  let double: AvaTaxDouble;
  let service: TestCommandService;
  beforeAll(async () => {
    double = await startAvaTaxDouble({ ...credentials, rates: defaultMoneySettings.taxRates });
    service = await openTestCommandService({
      tax: openTax({
        TAX_PROVIDER: 'avalara',
        TAX_TIMEOUT_MS: 300,
        AVALARA_URL: double.url,
        AVALARA_ACCOUNT_ID: credentials.accountId,
        AVALARA_LICENSE_KEY: credentials.licenseKey,
        AVALARA_COMPANY_CODE: credentials.companyCode,
      }),
    });
  });
  afterAll(async () => {
    await service.close();
    await double.close();
  });

  it("answers AvaTax's standardised address from its resolve call, and a street it cannot place", async () => {
    const dee = await service.signUp('dee@tax-address.example');
    double.requests.length = 0;
    const good = await service.post(PATH, chicago, { token: dee.token });
    expect(validation(good)).toEqual({
      valid: true,
      reason: null,
      address: { address1: '233 S WACKER DR', city: 'CHICAGO', state: 'IL', zip: '60606' },
      fallback: false,
    });
    expect(double.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v2/addresses/resolve']);
    const street = await service.post(PATH, { ...chicago, address1: 'Wacker Drive' }, { token: dee.token });
    expect(validation(street)).toEqual({
      valid: false,
      reason: 'addressNotFound',
      address: null,
      fallback: false,
    });
    expect(street.body.data.message).toBe('We cannot deliver to this address: check the street and number');
  });

  it("answers the table's check, marked fallback, when AvaTax does not answer in time", async () => {
    const eve = await service.signUp('eve@tax-address.example');
    double.hang(true);
    const late = await service.post(PATH, chicago, { token: eve.token });
    double.hang(false);
    expect(validation(late)).toEqual({
      valid: true,
      reason: null,
      address: { ...chicago },
      fallback: true,
    });
  });
});

import { defaultMoneySettings } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAvalaraTaxService } from './avalara.ts';
import { type AvaTaxDouble, startAvaTaxDouble } from './avatax-double.ts';
import { withTaxFallback } from './fallback.ts';
import { openTax } from './index.ts';
import { TaxServiceError } from './port.ts';
import { createSandboxTaxService } from './sandbox.ts';
import { taxContract } from './tax.contract.ts';

const ACCOUNT = '2000123456';
const LICENSE = 'DOUBLE0LICENSE0KEY';
const COMPANY = 'WINEDOUBLE';
const rates = defaultMoneySettings.taxRates;
const startDouble = () =>
  startAvaTaxDouble({ accountId: ACCOUNT, licenseKey: LICENSE, companyCode: COMPANY, rates });
const avalaraAt = (url: string, overrides: { licenseKey?: string; timeoutMs?: number } = {}) =>
  createAvalaraTaxService({
    baseUrl: url,
    accountId: ACCOUNT,
    licenseKey: overrides.licenseKey ?? LICENSE,
    companyCode: COMPANY,
    timeoutMs: overrides.timeoutMs ?? 2_000,
    today: () => '2026-03-02',
  });
const chicago = { address1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606' };

taxContract('sandbox', async () => ({ tax: createSandboxTaxService(() => rates), close: async () => {} }));

taxContract('avalara, against a local double of AvaTax', async () => {
  const double = await startDouble();
  return { tax: avalaraAt(double.url), close: () => double.close() };
});

describe('the avalara adapter, against a local double of AvaTax', () => {
  let double: AvaTaxDouble;
  beforeAll(async () => {
    double = await startDouble();
  });
  afterAll(() => double.close());

  it('resolves the address, then estimates with a SalesOrder, both with Basic auth', async () => {
    double.requests.length = 0;
    expect(await avalaraAt(`${double.url}/`).quote({ ...chicago, address2: 'Floor 66' })).toEqual({
      ok: true,
      state: 'IL',
      rate: 1025,
    });
    const auth = `Basic ${Buffer.from(`${ACCOUNT}:${LICENSE}`).toString('base64')}`;
    const [resolve, create, ...more] = double.requests;
    expect(more).toEqual([]);
    expect(resolve).toEqual({
      method: 'POST',
      path: '/api/v2/addresses/resolve',
      authorization: auth,
      body: {
        line1: '233 S Wacker Dr',
        line2: 'Floor 66',
        city: 'Chicago',
        region: 'IL',
        postalCode: '60606',
        country: 'US',
      },
    });
    expect(create).toMatchObject({
      method: 'POST',
      path: '/api/v2/transactions/create',
      authorization: auth,
    });
    expect(create?.body).toEqual({
      type: 'SalesOrder',
      companyCode: COMPANY,
      date: '2026-03-02',
      customerCode: 'checkout',
      currencyCode: 'USD',
      commit: false,
      addresses: {
        singleLocation: {
          line1: '233 S WACKER DR',
          city: 'CHICAGO',
          region: 'IL',
          postalCode: '60606',
          country: 'US',
        },
      },
      lines: [{ number: '1', quantity: 1, amount: 10_000 }],
    });
  });

  it('refuses a street AvaTax cannot place (isValidAddress), with no estimate asked', async () => {
    double.requests.length = 0;
    expect(await avalaraAt(double.url).quote({ ...chicago, address1: 'Wacker Drive' })).toEqual({
      ok: false,
      reason: 'addressNotFound',
      state: 'IL',
    });
    expect(double.requests.map((r) => r.path)).toEqual(['/api/v2/addresses/resolve']);
  });

  it("throws AvaTax's code on bad credentials (its 401 envelope), never the license key", async () => {
    const refused = await avalaraAt(double.url, { licenseKey: 'WRONG0KEY' })
      .quote(chicago)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TaxServiceError);
    expect(refused).toMatchObject({ code: 'AuthenticationException' });
    expect(String((refused as Error).message)).toBe(
      'avalara AuthenticationException: Authentication failed.',
    );
    expect(String((refused as Error).message)).not.toContain('WRONG0KEY');
  });

  it("throws AvaTax's code for a company it does not know", async () => {
    const refused = await createAvalaraTaxService({
      baseUrl: double.url,
      accountId: ACCOUNT,
      licenseKey: LICENSE,
      companyCode: 'NOSUCHCO',
    })
      .quote(chicago)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'EntityNotFoundError' });
  });

  it('throws when the double is down or nothing answers', async () => {
    double.outage(true);
    const down = await avalaraAt(double.url)
      .quote(chicago)
      .catch((error: unknown) => error);
    double.outage(false);
    expect(down).toBeInstanceOf(TaxServiceError);

    const gone = await startDouble();
    await gone.close();
    const unreachable = await avalaraAt(gone.url)
      .quote(chicago)
      .catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ code: 'UNREACHABLE' });
  });
});

describe('the tax fallback on the configured table, against a local double of AvaTax', () => {
  let double: AvaTaxDouble;
  const table = createSandboxTaxService(() => ({ IL: 700 }));
  beforeAll(async () => {
    double = await startDouble();
  });
  afterAll(() => double.close());

  it("answers the table's rate, marked fallback, when the double hangs past the timeout", async () => {
    const told: TaxServiceError[] = [];
    const tax = withTaxFallback(avalaraAt(double.url, { timeoutMs: 5_000 }), table, {
      timeoutMs: 300,
      onFallback: (error) => told.push(error),
    });
    double.hang(true);
    const started = Date.now();
    const quote = await tax.quote(chicago);
    double.hang(false);
    expect(quote).toEqual({ ok: true, state: 'IL', rate: 700, fallback: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(told.map((e) => e.code)).toEqual(['TIMEOUT']);
    // Answered again, AvaTax's rate and no mark.
    expect(await tax.quote(chicago)).toEqual({ ok: true, state: 'IL', rate: 1025 });
  });

  it('answers the table on bad credentials too, and keeps a refused address refused', async () => {
    const told: string[] = [];
    const tax = withTaxFallback(avalaraAt(double.url, { licenseKey: 'WRONG0KEY' }), table, {
      timeoutMs: 2_000,
      onFallback: (error) => told.push(error.code),
    });
    expect(await tax.quote(chicago)).toEqual({ ok: true, state: 'IL', rate: 700, fallback: true });
    expect(told).toEqual(['AuthenticationException']);
    const good = withTaxFallback(avalaraAt(double.url), table, { timeoutMs: 2_000 });
    expect(await good.quote({ ...chicago, zip: '10001' })).toMatchObject({
      ok: false,
      reason: 'zipNotInState',
    });
  });

  it('is what openTax picks for TAX_PROVIDER=avalara, at AVALARA_URL', async () => {
    const choice = openTax({
      TAX_PROVIDER: 'avalara',
      TAX_TIMEOUT_MS: 300,
      AVALARA_URL: double.url,
      AVALARA_ACCOUNT_ID: ACCOUNT,
      AVALARA_LICENSE_KEY: LICENSE,
      AVALARA_COMPANY_CODE: COMPANY,
    });
    const tax = choice(table);
    expect(tax.name).toBe('avalara');
    expect(await tax.quote(chicago)).toEqual({ ok: true, state: 'IL', rate: 1025 });
    double.hang(true);
    expect(await tax.quote(chicago)).toEqual({ ok: true, state: 'IL', rate: 700, fallback: true });
    double.hang(false);
  });
});

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

  it('validates an address with the resolve call alone, answering it as AvaTax writes it', async () => {
    double.requests.length = 0;
    expect(await avalaraAt(double.url).validateAddress({ ...chicago, address2: 'Floor 66' })).toEqual({
      valid: true,
      address: {
        address1: '233 S WACKER DR',
        address2: 'FLOOR 66',
        city: 'CHICAGO',
        state: 'IL',
        zip: '60606',
      },
    });
    expect(double.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v2/addresses/resolve']);
    expect(await avalaraAt(double.url).validateAddress({ ...chicago, address1: 'Wacker Drive' })).toEqual({
      valid: false,
      reason: 'addressNotFound',
      state: 'IL',
    });
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

  it('records a committed SalesInvoice with our tax, refunds a percentage of it and voids it, on the wire', async () => {
    double.requests.length = 0;
    const avalara = avalaraAt(double.url);
    await avalara.recordSale({
      code: '2026-000777',
      date: '2026-03-02',
      customerCode: 'ann',
      address: chicago,
      lines: [{ number: '1', itemCode: 'lot-1', description: 'Barolo 2016', quantity: 6, amount: 12_000 }],
      tax: 1_230,
    });
    await avalara.refundSale({
      code: '2026-000777-r1',
      saleCode: '2026-000777',
      date: '2026-03-09',
      amount: 4_410,
      tax: 410,
      saleTotal: 13_230,
    });
    await avalara.voidSale('2026-000777');
    // Each recording asks for its code first (AvaTax refuses a second document under one code).
    const [askSale, create, askRefund, refund, voided, ...more] = double.requests;
    expect(more).toEqual([]);
    expect(askSale).toMatchObject({
      method: 'GET',
      path: `/api/v2/companies/${COMPANY}/transactions/2026-000777`,
    });
    expect(askRefund).toMatchObject({
      method: 'GET',
      path: `/api/v2/companies/${COMPANY}/transactions/2026-000777-r1`,
    });
    expect(create).toMatchObject({ method: 'POST', path: '/api/v2/transactions/create' });
    expect(create?.body).toEqual({
      type: 'SalesInvoice',
      code: '2026-000777',
      companyCode: COMPANY,
      date: '2026-03-02',
      customerCode: 'ann',
      currencyCode: 'USD',
      commit: true,
      addresses: {
        singleLocation: {
          line1: '233 S Wacker Dr',
          city: 'Chicago',
          region: 'IL',
          postalCode: '60606',
          country: 'US',
        },
      },
      lines: [{ number: '1', itemCode: 'lot-1', description: 'Barolo 2016', quantity: 6, amount: 120 }],
      taxOverride: { type: 'TaxAmount', taxAmount: 12.3, reason: 'Tax charged on the invoice' },
    });
    expect(refund).toMatchObject({
      path: `/api/v2/companies/${COMPANY}/transactions/2026-000777/refund`,
      body: {
        refundTransactionCode: '2026-000777-r1',
        refundDate: '2026-03-09',
        refundType: 'Percentage',
        refundPercentage: 33.3333,
        referenceCode: '2026-000777',
      },
    });
    expect(voided).toMatchObject({
      path: `/api/v2/companies/${COMPANY}/transactions/2026-000777/void`,
      body: { code: 'DocVoided' },
    });
  });

  it('takes the document AvaTax keeps when a recording is retried after a crash, sending nothing twice', async () => {
    const avalara = avalaraAt(double.url);
    const sale = {
      code: '2026-000778',
      date: '2026-03-02',
      customerCode: 'ann',
      address: chicago,
      lines: [{ number: '1', itemCode: 'lot-1', description: 'Barolo 2016', quantity: 6, amount: 12_000 }],
      tax: 1_230,
    };
    const first = await avalara.recordSale(sale);
    double.requests.length = 0;
    // Our event was not written (a crash): the process records the same sale again.
    expect(await avalara.recordSale(sale)).toEqual(first);
    expect(double.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v2/companies/${COMPANY}/transactions/2026-000778`,
    ]);
  });

  it('records through the fallback to the service alone: a failure is thrown, never the table', async () => {
    const recorded: string[] = [];
    const table = createSandboxTaxService(() => rates);
    const tax = withTaxFallback(avalaraAt(double.url, { licenseKey: 'WRONG0KEY' }), table, {
      timeoutMs: 2_000,
      onFallback: (error) => recorded.push(error.code),
    });
    await expect(tax.voidSale('2026-000777')).rejects.toMatchObject({ code: 'AuthenticationException' });
    expect(table.recorded()).toEqual([]);
    expect(recorded).toEqual([]);
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

  it("validates an address with the table's states and ZIP ranges, marked fallback, when AvaTax fails", async () => {
    const told: string[] = [];
    const tax = withTaxFallback(avalaraAt(double.url, { timeoutMs: 5_000 }), table, {
      timeoutMs: 300,
      onFallback: (error) => told.push(error.code),
    });
    double.hang(true);
    // The table knows no streets: a street AvaTax would refuse passes, said to be the table's answer.
    const checked = await tax.validateAddress({ ...chicago, address1: 'Wacker Drive' });
    double.hang(false);
    expect(checked).toEqual({
      valid: true,
      address: { address1: 'Wacker Drive', city: 'Chicago', state: 'IL', zip: '60606' },
      fallback: true,
    });
    double.outage(true);
    const refused = await tax.validateAddress({ ...chicago, zip: '10001' });
    double.outage(false);
    expect(refused).toEqual({ valid: false, reason: 'zipNotInState', state: 'IL', fallback: true });
    // An HTML page where JSON was due: the SDK's own code for it.
    expect(told).toEqual(['TIMEOUT', 'FormatException']);
    // Answered again: AvaTax's own, no mark.
    expect(await tax.validateAddress(chicago)).toMatchObject({ valid: true, address: { city: 'CHICAGO' } });
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

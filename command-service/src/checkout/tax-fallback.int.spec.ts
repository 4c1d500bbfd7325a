import { actions } from '@wine/contracts';
import { openTax, sandboxTestCards } from '@wine/platform';
import { type AvaTaxDouble, startAvaTaxDouble } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

/** AvaTax's rates on the double's side differ from the table's (IL 6.25%, Chicago 10.25%). */
const doubleRates = { IL: 700, 'IL/Chicago': 1_100 };
const credentials = { accountId: '2000123456', licenseKey: 'DOUBLE0LICENSE0KEY', companyCode: 'WINEDOUBLE' };

let double: AvaTaxDouble;
let service: TestCommandService;
beforeAll(async () => {
  double = await startAvaTaxDouble({ ...credentials, rates: doubleRates });
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
  await service?.close();
  await double?.close();
});

describe("checkout's tax from Avalara, against a local double of AvaTax", () => {
  const chicago = { address1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606' };
  const quote = async (token: string, address: typeof chicago) =>
    service.post<{ cartValues: { tax_rate: number }; tax_fallback?: boolean }>(
      actions.saveAddress.path,
      { type: 'buynow', cart_id: 'quote', delivery: 'delivery', address },
      { token },
    );

  it("quotes the double's rate, and the table's, said so, when the double hangs past the timeout", async () => {
    const ann = await service.signUp('ann@tax-double.example');
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 2 });
    await service.addCard(ann.token, sandboxTestCards.visa);
    const added = await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 1 }] },
      { token: ann.token },
    );
    const asked = await quote(ann.token, chicago);
    expect(added.status).toBe(200);
    expect(asked.status).toBe(200);
    expect(asked.body.data.responseData.cartValues.tax_rate).toBe(1_100);
    expect(asked.body.data.responseData.tax_fallback).toBeUndefined();

    double.hang(true);
    const started = Date.now();
    const late = await quote(ann.token, chicago);
    double.hang(false);
    expect(late.status).toBe(200);
    expect(late.body.data.responseData.cartValues.tax_rate).toBe(1_025);
    expect(late.body.data.responseData.tax_fallback).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('refuses a street the double cannot place, with its reason', async () => {
    const bob = await service.signUp('bob@tax-double.example');
    const refused = await quote(bob.token, { ...chicago, address1: 'Wacker Drive' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.code).toBe('ADDRESS_INVALID');
    expect(refused.body.data.message).toBe('We cannot deliver to this address: check the street and number');
  });
});

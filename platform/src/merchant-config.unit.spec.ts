import { defaultMerchant, demoBankTransfer } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig, merchantDetails, moneySettings } from './config.ts';

const bankEnv = {
  BANK_NAME: 'First Lakeside Bank',
  BANK_ACCOUNT_NAME: 'Fulton Wine Co LLC',
  BANK_ROUTING_NUMBER: '071000013',
  BANK_ACCOUNT_NUMBER: '4410029931',
  BANK_SWIFT: 'FLBKUS44',
};

describe('the merchant from configuration (issue 31)', () => {
  it("takes the merchant's name, address, phone, inboxes and hours from the environment", () => {
    const merchant = merchantDetails(
      loadConfig({
        MERCHANT_NAME: 'Fulton Wine Co',
        MERCHANT_STREET: '12 Lake St',
        MERCHANT_CITY: 'Evanston',
        MERCHANT_STATE: 'IL',
        MERCHANT_ZIP: '60201',
        MERCHANT_PHONE: '+1 (847) 864-2200',
        MERCHANT_HOURS: 'Tue-Sat 10:00-18:00',
        MERCHANT_EMAIL: 'hello@fultonwine.co',
      }),
    );
    expect(merchant).toMatchObject({
      name: 'Fulton Wine Co',
      address: { street: '12 Lake St', city: 'Evanston', state: 'IL', zip: '60201' },
      phone: '+1 (847) 864-2200',
      phoneHref: 'tel:+18478642200',
      hours: 'Tuesday–Saturday, 10:00 AM – 6:00 PM',
      openingHours: { days: [2, 3, 4, 5, 6], opensAt: 600, closesAt: 1080 },
      emailGeneral: 'hello@fultonwine.co',
      emailSelling: 'hello@fultonwine.co',
    });
    expect(merchant.mapUrl).toContain('12+Lake+St');
  });

  it('books pickups within the hours configured, and refuses hours it cannot read', () => {
    const config = loadConfig({ MERCHANT_HOURS: 'Sat,Sun 11:00-15:30' });
    expect(moneySettings(config).pickup.openingHours).toEqual({ days: [0, 6], opensAt: 660, closesAt: 930 });
    expect(moneySettings(config).pickup.hours).toBe('Saturday–Sunday, 11:00 AM – 3:30 PM');
    expect(() => loadConfig({ MERCHANT_HOURS: 'Tue-Sat 10 am - 6 pm' })).toThrow(/MERCHANT_HOURS/);
    expect(() => loadConfig({ MERCHANT_HOURS: 'Mon-Fri 18:00-09:00' })).toThrow(/MERCHANT_HOURS/);
  });

  it('gives the bank details configured, validated, and not marked demo', () => {
    const merchant = merchantDetails(loadConfig({ ...bankEnv, BANK_NOTE: 'Quote the invoice number.' }));
    expect(merchant.bankTransfer).toEqual({
      bankName: 'First Lakeside Bank',
      accountName: 'Fulton Wine Co LLC',
      routingNumber: '071000013',
      accountNumber: '4410029931',
      swift: 'FLBKUS44',
      note: 'Quote the invoice number.',
      demo: false,
    });
  });

  it('refuses a bank half configured or a routing number that is not nine digits, naming the field', () => {
    expect(() => merchantDetails(loadConfig({ BANK_NAME: 'First Lakeside Bank' }))).toThrow(/accountName/);
    expect(() => merchantDetails(loadConfig({ ...bankEnv, BANK_ROUTING_NUMBER: '1234' }))).toThrow(
      /routingNumber: a routing \(ABA\) number is nine digits/,
    );
  });

  it('shows no bank unless configured, and the labelled demo account only in the demo', () => {
    expect(merchantDetails(loadConfig({})).bankTransfer).toBeNull();
    expect(merchantDetails(loadConfig({}), { demo: true }).bankTransfer).toEqual(demoBankTransfer);
    expect(demoBankTransfer.demo).toBe(true);
    expect(merchantDetails(loadConfig({ ...bankEnv }), { demo: true }).bankTransfer?.demo).toBe(false);
    expect(merchantDetails(loadConfig({})).name).toBe(defaultMerchant.name);
  });

  it("picks up at the merchant's configured shop", () => {
    const { pickup } = moneySettings(
      loadConfig({
        MERCHANT_NAME: 'Fulton Wine Co',
        MERCHANT_STREET: '12 Lake St',
        MERCHANT_CITY: 'Evanston',
        MERCHANT_PHONE: '+1 (847) 864-2200',
      }),
    );
    expect(pickup).toMatchObject({
      name: 'Fulton Wine Co',
      address1: '12 Lake St',
      city: 'Evanston',
      state: 'IL',
      phone: '+1 (847) 864-2200',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { defaultBidIncrements, defaultMarketSettings } from '../bidding/bidding.ts';
import { defaultMerchant } from '../enquiries/merchant-defaults.ts';
import { defaultMoneySettings } from '../money/settings.ts';
import { defaultShippingRates } from '../shipping/rates.ts';
import { defaultCatalogueSettings, type HouseSettings, houseSettingsFrom, phoneHrefOf } from './house.ts';
import {
  ChangeBiddingInput,
  ChangeCatalogueInput,
  ChangeMoneyInput,
  ChangeShippingInput,
  incrementTableIssues,
  taxRateRows,
} from './inputs.ts';

const initial: HouseSettings = {
  market: defaultMarketSettings,
  money: defaultMoneySettings,
  merchant: { ...defaultMerchant, bankTransfer: null },
  catalogue: defaultCatalogueSettings,
};
const row = (from: number, to: number | null, increment = 100) => ({
  from_amount: from,
  to_amount: to,
  increment,
  value_type: 'fixed' as const,
});

describe('the increment table (seeds 000 §3.2)', () => {
  it('accepts the default table', () => {
    expect(incrementTableIssues(defaultBidIncrements)).toEqual([]);
  });

  it('names the row of each gap, overlap, late start, closed end and out-of-range increment', () => {
    expect(incrementTableIssues([row(100, 999), row(1000, null)]).map((i) => i.index)).toEqual([0]);
    expect(incrementTableIssues([row(0, 999), row(2000, null)])).toEqual([
      { index: 0, message: 'A row ends one cent before the next row starts' },
    ]);
    expect(incrementTableIssues([row(0, 999), row(500, null)]).map((i) => i.index)).toEqual([0]);
    expect(incrementTableIssues([row(0, 999), row(1000, 5000)])).toEqual([
      { index: 1, message: 'Only the last row runs on (leave its "to" empty)' },
    ]);
    expect(incrementTableIssues([row(0, null, 0.5)])).toEqual([
      { index: 0, message: 'A fixed increment is a whole number of cents' },
    ]);
    expect(
      incrementTableIssues([{ from_amount: 0, to_amount: null, increment: 150, value_type: 'percentage' }]),
    ).toEqual([{ index: 0, message: 'A percentage increment is at most 100' }]);
  });

  it('is checked by the bidding input, with the premium to the hundredth and at most 50%', () => {
    const base = { ...defaultMarketSettings, bid_increments: [...defaultBidIncrements] };
    expect(ChangeBiddingInput.safeParse({ ...base, buyer_premium: 23.5 }).success).toBe(true);
    expect(ChangeBiddingInput.safeParse({ ...base, buyer_premium: 23.555 }).success).toBe(false);
    expect(ChangeBiddingInput.safeParse({ ...base, buyer_premium: 51 }).success).toBe(false);
    const gap = ChangeBiddingInput.safeParse({ ...base, bid_increments: [row(0, 99), row(200, null)] });
    expect(gap.error?.issues[0]?.path).toEqual(['bid_increments', 0]);
  });
});

describe('the tax rates', () => {
  it('are rows in percent, one per place, a state or a state and its city', () => {
    expect(taxRateRows({ 'IL/Chicago': 1025, IL: 625 })).toEqual([
      { place: 'IL', percent: 6.25 },
      { place: 'IL/Chicago', percent: 10.25 },
    ]);
    const money = { reservationMinutes: 15, paymentDueDays: 14, returnDays: 30, appointmentSlotCapacity: 3 };
    expect(
      ChangeMoneyInput.safeParse({ ...money, taxRates: [{ place: 'Illinois', percent: 6 }] }).success,
    ).toBe(false);
    expect(
      ChangeMoneyInput.safeParse({
        ...money,
        taxRates: [
          { place: 'IL/Chicago', percent: 10 },
          { place: 'IL/chicago', percent: 7 },
        ],
      }).error?.issues[0]?.message,
    ).toBe('This place has a rate already');
  });
});

describe('the shipping table and the catalogue texts', () => {
  const messages = (input: unknown) =>
    ChangeShippingInput.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('accepts the default table; refuses it without ground, with the hold turned round or a state twice', () => {
    expect(ChangeShippingInput.parse(defaultShippingRates)).toEqual(defaultShippingRates);
    expect(messages({ ...defaultShippingRates, methods: ['hold'] })).toEqual([
      'methods: Ground shipping is always offered',
    ]);
    expect(
      messages({ ...defaultShippingRates, hold: { ...defaultShippingRates.hold, minDays: 9, maxDays: 3 } }),
    ).toEqual(['hold.maxDays: The latest ship date is on or after the earliest']);
    expect(messages({ ...defaultShippingRates, notAllowed: ['UT', 'AL', 'UT'] })).toEqual([
      'notAllowed.2: Listed twice',
    ]);
    expect(messages({ ...defaultShippingRates, states: { Texas: { firstBottle: 100 } } })).toHaveLength(1);
    expect(messages({ ...defaultShippingRates, minimum: 12.5 })).toHaveLength(1);
  });

  it('takes the premium and welcome texts in both languages, trimmed, and a pace of 1 to 60 lots a minute', () => {
    const input = {
      premiumText: { en: '  A 20% premium.  ', es: '' },
      welcomeText: { en: 'Hello\r\nagain', es: 'Hola' },
      lotsPerMinute: 6,
    };
    expect(ChangeCatalogueInput.parse(input)).toEqual({
      premiumText: { en: 'A 20% premium.', es: '' },
      welcomeText: { en: 'Hello\nagain', es: 'Hola' },
      lotsPerMinute: 6,
    });
    for (const lotsPerMinute of [0, 61, 2.5]) {
      expect(ChangeCatalogueInput.safeParse({ ...input, lotsPerMinute }).success).toBe(false);
    }
    expect(ChangeCatalogueInput.safeParse({ ...input, premiumText: { en: 'a' } }).success).toBe(false);
  });
});

describe('houseSettingsFrom: the environment first, then each change in log order', () => {
  it('given a shipping change and a catalogue change, the money keeps its other rules and the catalogue is the last saved', () => {
    const rates = { ...defaultShippingRates, methods: ['ground' as const], minimum: 900 };
    const catalogue = {
      premiumText: { en: 'Note', es: 'Nota' },
      welcomeText: { en: '', es: '' },
      lotsPerMinute: 3,
    };
    const settings = houseSettingsFrom(initial, [
      { type: 'ShippingSettingsChanged', data: { rates } },
      { type: 'CatalogueSettingsChanged', data: catalogue },
      {
        type: 'MoneySettingsChanged',
        data: {
          reservationMinutes: 20,
          paymentDueDays: 7,
          returnDays: 10,
          appointmentSlotCapacity: 2,
          taxRates: {},
        },
      },
    ]);
    expect(settings.money.shipping).toEqual(rates);
    expect(settings.money.paymentDueDays).toBe(7);
    expect(settings.catalogue).toEqual(catalogue);
    expect(settings.market).toBe(initial.market);
  });

  it('given no change, is the environment’s values', () => {
    expect(houseSettingsFrom(initial, [])).toBe(initial);
  });

  it('given a merchant change, moves the phone, its tel: link and the pickup location together', () => {
    const settings = houseSettingsFrom(initial, [
      {
        type: 'MerchantDetailsChanged',
        data: { ...defaultMerchant, phone: '+1 (773) 555-0142', hours: 'Daily 10-6' },
      },
    ]);
    expect(settings.merchant.phone).toBe('+1 (773) 555-0142');
    expect(settings.merchant.phoneHref).toBe('tel:+17735550142');
    expect(settings.money.pickup).toMatchObject({ phone: '+1 (773) 555-0142', hours: 'Daily 10-6' });
    expect(settings.merchant.bankTransfer).toBeNull();
  });

  it('given two premium changes, keeps the last; given bank details then none, offers none', () => {
    const bidding = {
      proxyBidding: false,
      softCloseWindowMinutes: 3,
      softCloseExtendMinutes: 2,
      buyerPremiumPercent: 18,
      bidIncrements: [{ fromAmount: 0, toAmount: null, increment: 500, valueType: 'fixed' as const }],
    };
    const bank = {
      bankName: 'First Bank',
      accountName: 'Fine Wine Auction LLC',
      routingNumber: '071000013',
      accountNumber: '1234567',
      swift: 'FBNKUS44',
      note: '',
    };
    const settings = houseSettingsFrom(initial, [
      { type: 'BiddingSettingsChanged', data: { ...bidding, buyerPremiumPercent: 25 } },
      { type: 'BankDetailsChanged', data: { bank } },
      { type: 'BiddingSettingsChanged', data: bidding },
    ]);
    expect(settings.market).toMatchObject({
      buyer_premium: 18,
      proxy_bidding_settings: 0,
      soft_close_window_minutes: 3,
      bid_increments: [{ from_amount: 0, to_amount: null, increment: 500, value_type: 'fixed' }],
    });
    expect(settings.merchant.bankTransfer).toEqual({ ...bank, demo: false });
    const removed = houseSettingsFrom(settings, [{ type: 'BankDetailsChanged', data: { bank: null } }]);
    expect(removed.merchant.bankTransfer).toBeNull();
    expect(phoneHrefOf('+44 20 7946 0000')).toBe('tel:+442079460000');
  });
});

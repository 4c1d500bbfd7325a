import {
  defaultShippingRates,
  holdWindow,
  invoiceAmounts,
  type ShippingRates,
  shippingRatesWith,
} from '@wine/contracts';
import { loadConfig, moneySettings } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { type Shipment, shippingCharge } from './rates.ts';

// A rate table of round figures, so each rule can be read off the numbers.
const rates: ShippingRates = {
  standard: { firstBottle: 2000, perBottle: 500, taxable: false },
  states: { NY: { taxable: true }, CA: { firstBottle: 3000, perBottle: 800 } },
  notAllowed: ['UT'],
  minimum: 2500,
  freeThreshold: 100_000,
  methods: ['ground', 'temperature', 'hold'],
  surcharge: { ground: 0, temperature: 300, hold: 100 },
  hold: { months: [6, 7, 8, 12, 1, 2], minDays: 1, maxDays: 90 },
};
const JULY = new Date('2026-07-10T15:00:00Z');
const NOVEMBER = new Date('2026-11-10T15:00:00Z');
const ship = (over: Partial<Shipment>): Shipment => ({
  state: 'NY',
  bottles: 6,
  goods: 30_000,
  method: 'ground',
  shipDate: null,
  ...over,
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { code: string; options?: { params?: Record<string, string> } };
  }
  throw new Error('expected a refusal');
};

describe('the shipping charge', () => {
  it('given 6 bottles to a standard state, when ground, then the first bottle and 5 more', () => {
    expect(shippingCharge(rates, ship({ state: 'IL' }), JULY).charge).toBe(2000 + 5 * 500);
  });

  it('given the bottle count, when it grows, then each further bottle adds the per-bottle rate', () => {
    const by = (bottles: number) => shippingCharge(rates, ship({ state: 'IL', bottles }), JULY).charge;
    expect(by(12) - by(11)).toBe(500);
    expect(by(24)).toBe(2000 + 23 * 500);
  });

  it('given a state with its own row, when priced, then its rates are used and the rest is standard', () => {
    const ca = shippingCharge(rates, ship({ state: 'CA', bottles: 3 }), JULY);
    expect(ca.charge).toBe(3000 + 2 * 800);
    expect(ca.taxable).toBe(false);
    // NY's row sets only taxable: its price is the standard one.
    const ny = shippingCharge(rates, ship({ state: 'NY', bottles: 3 }), JULY);
    expect(ny).toEqual({ charge: 2000 + 2 * 500, taxable: true, method: 'ground', shipDate: null });
  });

  it('given one bottle below the minimum, when priced, then the minimum is charged', () => {
    expect(shippingCharge(rates, ship({ state: 'IL', bottles: 1 }), JULY).charge).toBe(2500);
    expect(shippingCharge(rates, ship({ state: 'IL', bottles: 2 }), JULY).charge).toBe(2500);
    expect(shippingCharge(rates, ship({ state: 'IL', bottles: 3 }), JULY).charge).toBe(3000);
  });

  it('given goods at the free-shipping threshold, when priced, then shipping is free; a cent below, not', () => {
    expect(shippingCharge(rates, ship({ goods: 100_000 }), JULY).charge).toBe(0);
    expect(shippingCharge(rates, ship({ goods: 99_999 }), JULY).charge).toBe(4500);
    const never = { ...rates, freeThreshold: null };
    expect(shippingCharge(never, ship({ goods: 10_000_000 }), JULY).charge).toBe(4500);
  });

  it('given temperature control, when priced, then its surcharge is added to each bottle', () => {
    expect(shippingCharge(rates, ship({ method: 'temperature' }), JULY).charge).toBe(4500 + 6 * 300);
  });

  it('given a method the house does not offer, when priced, then SHIP_METHOD_NOT_OFFERED', () => {
    const groundOnly = { ...rates, methods: ['ground' as const] };
    expect(refusal(() => shippingCharge(groundOnly, ship({ method: 'temperature' }), JULY)).code).toBe(
      'SHIP_METHOD_NOT_OFFERED',
    );
    expect(shippingCharge(groundOnly, ship({}), JULY).charge).toBe(4500);
  });

  it('given a state wine may not ship to, when priced, then SHIPPING_NOT_ALLOWED names the state', () => {
    const error = refusal(() => shippingCharge(rates, ship({ state: 'UT' }), JULY));
    expect(error.code).toBe('SHIPPING_NOT_ALLOWED');
    expect(error.options?.params).toEqual({ state: 'Utah' });
  });

  it('given the hold in season, when the ship date is in the window, then it ships that day', () => {
    const held = shippingCharge(rates, ship({ method: 'hold', shipDate: '2026-09-15' }), JULY);
    expect(held).toEqual({ charge: 4500 + 6 * 100, taxable: true, method: 'hold', shipDate: '2026-09-15' });
    expect(holdWindow(rates, JULY)).toEqual({ from: '2026-07-11', to: '2026-10-08' });
    expect(shippingCharge(rates, ship({ method: 'hold', shipDate: '2026-07-11' }), JULY).shipDate).toBe(
      '2026-07-11',
    );
  });

  it('given the hold, when the ship date is today, past, beyond the window or not a date, then SHIP_DATE_INVALID', () => {
    for (const shipDate of ['2026-07-10', '2026-07-01', '2026-10-09', '2026-02-30x', null]) {
      const error = refusal(() => shippingCharge(rates, ship({ method: 'hold', shipDate }), JULY));
      expect(error.code, String(shipDate)).toBe('SHIP_DATE_INVALID');
      expect(error.options?.params).toEqual({ from: '2026-07-11', to: '2026-10-08' });
    }
  });

  it('given a month out of the hold seasons, when the hold is asked, then SHIP_HOLD_OUT_OF_SEASON', () => {
    const error = refusal(() =>
      shippingCharge(rates, ship({ method: 'hold', shipDate: '2026-11-20' }), NOVEMBER),
    );
    expect(error.code).toBe('SHIP_HOLD_OUT_OF_SEASON');
  });

  it('given a date on another method, when priced, then it is not kept', () => {
    expect(shippingCharge(rates, ship({ shipDate: '2026-09-15' }), JULY).shipDate).toBeNull();
  });
});

describe('shipping in the invoice amounts', () => {
  it('given a state that taxes shipping, when the invoice is priced, then the charge is in the tax base', () => {
    // $300 of wine, $45 shipping, 8.875%: tax on $345.
    expect(invoiceAmounts(30_000, 0, 888, { charge: 4500, taxable: true })).toEqual({
      subtotal: 30_000,
      premiumPercent: 0,
      premium: 0,
      tax: 3064,
      shipping: 4500,
      total: 30_000 + 4500 + 3064,
    });
  });

  it('given a state that does not, when the invoice is priced, then shipping is added untaxed', () => {
    const amounts = invoiceAmounts(10_000, 20, 725, { charge: 2500, taxable: false });
    expect(amounts.tax).toBe(870); // 7.25% of $120 (hammer and premium), not of the shipping
    expect(amounts.total).toBe(10_000 + 2000 + 2500 + 870);
  });

  it('given pickup, when priced, then the amounts are as before (no shipping figure)', () => {
    expect(invoiceAmounts(10_000, 20, 1025)).toEqual({
      subtotal: 10_000,
      premiumPercent: 20,
      premium: 2000,
      tax: 1230,
      total: 13_230,
    });
  });
});

describe('the configured rate table', () => {
  it('lays an override over the defaults and keeps what it does not name', () => {
    const configured = shippingRatesWith({
      minimum: 1000,
      standard: { perBottle: 900 },
      hold: { maxDays: 30 },
    });
    expect(configured.minimum).toBe(1000);
    expect(configured.standard).toEqual({ ...defaultShippingRates.standard, perBottle: 900 });
    expect(configured.hold).toEqual({ ...defaultShippingRates.hold, maxDays: 30 });
    expect(configured.notAllowed).toEqual(defaultShippingRates.notAllowed);
  });

  it('refuses a table that is not one', () => {
    expect(() => shippingRatesWith({ minimum: -1 })).toThrow();
  });

  it('is read from SHIPPING_RATES, and the defaults stand without it', () => {
    const env = {
      SHIPPING_RATES: JSON.stringify({
        minimum: 1500,
        notAllowed: ['UT', 'MS'],
        states: { NY: { firstBottle: 2800 } },
      }),
    };
    const configured = moneySettings(loadConfig(env)).shipping;
    expect(configured.minimum).toBe(1500);
    expect(configured.notAllowed).toEqual(['UT', 'MS']);
    expect(configured.states.NY).toEqual({ taxable: true, firstBottle: 2800 });
    expect(configured.states.CA).toEqual(defaultShippingRates.states.CA);
    expect(configured.standard).toEqual(defaultShippingRates.standard);
    expect(moneySettings(loadConfig({})).shipping).toEqual(defaultShippingRates);
  });

  it('refuses to start on a SHIPPING_RATES that is not a rate table', () => {
    expect(() => loadConfig({ SHIPPING_RATES: '{"minimum":"cheap"}' })).toThrow(/SHIPPING_RATES/);
    expect(() => loadConfig({ SHIPPING_RATES: 'not json' })).toThrow(/SHIPPING_RATES/);
  });
});

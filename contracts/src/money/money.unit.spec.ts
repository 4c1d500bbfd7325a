import { describe, expect, it } from 'vitest';
import { invoiceAmounts } from './amounts.ts';
import { defaultMoneySettings, taxRateFor } from './settings.ts';
import { usStateOf, zipInState } from './us-states.ts';

describe('invoice amounts', () => {
  it('adds the premium on the hammer and tax on both, in whole cents that add up', () => {
    expect(invoiceAmounts(10_000, 20, 1025)).toEqual({
      subtotal: 10_000,
      premiumPercent: 20,
      premium: 2_000,
      tax: 1_230,
      total: 13_230,
    });
    const odd = invoiceAmounts(3_333, 20, 1025);
    expect(odd.premium).toBe(667);
    expect(odd.tax).toBe(410);
    expect(odd.total).toBe(odd.subtotal + odd.premium + odd.tax);
  });
});

describe('US states, ZIP ranges and rates', () => {
  it('knows a state by code or name, and its ZIPs', () => {
    expect(usStateOf(' illinois ')).toBe('IL');
    expect(usStateOf('XX')).toBeNull();
    expect(zipInState('IL', '60607')).toBe(true);
    expect(zipInState('IL', '10001')).toBe(false);
    expect(zipInState('MA', '02108')).toBe(true);
  });
  it('takes the city rate over the state rate', () => {
    expect(taxRateFor(defaultMoneySettings.taxRates, 'IL', 'Chicago')).toBe(1025);
    expect(taxRateFor(defaultMoneySettings.taxRates, 'IL', 'Peoria')).toBe(625);
    expect(taxRateFor(defaultMoneySettings.taxRates, 'TX', 'Austin')).toBe(0);
  });
});

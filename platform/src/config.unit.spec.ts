import { describe, expect, it } from 'vitest';
import { loadConfig, moneySettings } from './config.ts';

describe('money settings from configuration', () => {
  it('defaults to 15-minute holds, 14 days to pay, Illinois and Chicago rates', () => {
    const money = moneySettings(loadConfig({}));
    expect(money).toMatchObject({
      reservationMinutes: 15,
      paymentDueDays: 14,
      taxRates: { IL: 625, 'IL/Chicago': 1025 },
    });
  });

  it('reads TAX_RATES in percent, per state and city', () => {
    const money = moneySettings(loadConfig({ TAX_RATES: 'NY=4,NY/New York=8.88', RESERVATION_MINUTES: '5' }));
    expect(money.taxRates).toEqual({ NY: 400, 'NY/New York': 888 });
    expect(money.reservationMinutes).toBe(5);
  });

  it('refuses a malformed TAX_RATES', () => {
    expect(() => loadConfig({ TAX_RATES: 'Illinois:6' })).toThrow(/TAX_RATES/);
  });
});

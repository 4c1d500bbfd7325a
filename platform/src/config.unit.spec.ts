import { describe, expect, it } from 'vitest';
import { loadConfig, mailEcho, moneySettings } from './config.ts';

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

  it('lets paid lines be returned for 30 days unless RETURN_DAYS says otherwise', () => {
    expect(moneySettings(loadConfig({})).returnDays).toBe(30);
    expect(moneySettings(loadConfig({ RETURN_DAYS: '14' })).returnDays).toBe(14);
    expect(() => loadConfig({ RETURN_DAYS: 'a month' })).toThrow(/RETURN_DAYS/);
  });

  it('takes 3 buyers per pickup slot unless APPOINTMENT_SLOT_CAPACITY says otherwise', () => {
    expect(moneySettings(loadConfig({})).appointmentSlotCapacity).toBe(3);
    expect(moneySettings(loadConfig({ APPOINTMENT_SLOT_CAPACITY: '5' })).appointmentSlotCapacity).toBe(5);
    expect(() => loadConfig({ APPOINTMENT_SLOT_CAPACITY: '0' })).toThrow(/APPOINTMENT_SLOT_CAPACITY/);
  });

  it('refuses a malformed TAX_RATES', () => {
    expect(() => loadConfig({ TAX_RATES: 'Illinois:6' })).toThrow(/TAX_RATES/);
  });
});

describe('printing mail to npm start’s output (issue 30)', () => {
  it('prints only to an interactive terminal unless ECHO_MAIL says so', () => {
    expect(mailEcho(undefined, true)).toBe(true);
    expect(mailEcho(undefined, false)).toBe(false);
    expect(mailEcho('1', false)).toBe(true);
    expect(mailEcho('0', true)).toBe(false);
    expect(loadConfig({ ECHO_MAIL: '1' }).ECHO_MAIL).toBe('1');
    expect(() => loadConfig({ ECHO_MAIL: 'yes' })).toThrow(/ECHO_MAIL/);
  });

  it('anchors the log every minute it moved by default', () => {
    expect(loadConfig({}).AUDIT_ANCHOR_INTERVAL_SECONDS).toBe(60);
  });
});

describe('URL settings', () => {
  it('takes each provider root and PUBLIC_URL as an http(s) URL, CyberSource as https only', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://wine.example',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      CYBERSOURCE_API_URL: 'https://apitest.cybersource.com',
    });
    expect(config.PUBLIC_URL).toBe('https://wine.example');
    expect(config.STRIPE_API_URL).toBe('http://127.0.0.1:12111');
  });

  it('refuses other schemes at start, naming every setting', () => {
    expect(() =>
      loadConfig({
        PUBLIC_URL: 'javascript:alert(1)',
        ZOHO_ACCOUNTS_URL: 'accounts.zoho.com',
        CYBERSOURCE_API_URL: 'http://apitest.cybersource.com',
      }),
    ).toThrow(
      [
        'PUBLIC_URL: PUBLIC_URL must be an http(s) URL',
        'ZOHO_ACCOUNTS_URL: ZOHO_ACCOUNTS_URL must be an http(s) URL',
        'CYBERSOURCE_API_URL: CYBERSOURCE_API_URL must be an https URL',
      ].join('\n'),
    );
  });
});

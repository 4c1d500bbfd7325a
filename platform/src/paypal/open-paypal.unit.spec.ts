import { describe, expect, it } from 'vitest';
import { openPayPal, paypalConfigured } from './index.ts';

const site = () => 'https://wine.example';
const credentials = {
  PAYPAL_CLIENT_ID: 'AclientId',
  PAYPAL_CLIENT_SECRET: 'EclientSecret',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
};

describe('openPayPal', () => {
  it('is the sandbox in a shop on the card sandbox, its approve page on the site, unless PAYMENT_GATEWAYS names paypal', async () => {
    for (const gateways of [undefined, '', 'stripe', 'paypalx,stripe']) {
      expect(openPayPal({ PAYMENT_GATEWAYS: gateways, ...credentials }, site)?.name).toBe('sandbox');
    }
    // A shop taking real cards offers no test PayPal unless PayPal is configured.
    expect(openPayPal({ CARD_PROVIDER: 'stripe' }, site)).toBeUndefined();
    expect(
      openPayPal({ CARD_PROVIDER: 'stripe', PAYMENT_GATEWAYS: 'paypal', ...credentials }, site)?.name,
    ).toBe('paypal');
    const sandbox = openPayPal({}, site);
    if (!sandbox) throw new Error('the test shop has the PayPal sandbox');
    const made = await sandbox.createOrder({
      amount: 1_000,
      currency: 'USD',
      reference: 'payment-1',
      invoices: ['inv-1'],
      returnUrl: 'https://wine.example/checkout/paypal/return',
      cancelUrl: 'https://wine.example/checkout/paypal/cancel',
      idempotencyKey: 'payment-1',
    });
    expect(made.approveUrl).toBe(`https://wine.example/sandbox/paypal/approve/${made.orderId}`);
  });

  it('reads PAYMENT_GATEWAYS as a list of names, in any case', () => {
    expect(paypalConfigured('stripe, PayPal')).toBe(true);
    expect(paypalConfigured('paypal')).toBe(true);
    expect(paypalConfigured('stripe,paypal-express')).toBe(false);
  });

  it('refuses to start PayPal without its credentials, naming every one missing', () => {
    expect(() => openPayPal({ PAYMENT_GATEWAYS: 'paypal' }, site)).toThrow(
      'PAYMENT_GATEWAYS=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID',
    );
    expect(() =>
      openPayPal({ PAYMENT_GATEWAYS: 'paypal', ...credentials, PAYPAL_CLIENT_SECRET: '' }, site),
    ).toThrow('PAYMENT_GATEWAYS=paypal needs PAYPAL_CLIENT_SECRET');
  });

  it('takes payments through PayPal with its credentials, at an http(s) PAYPAL_API_URL', () => {
    expect(openPayPal({ PAYMENT_GATEWAYS: 'stripe,paypal', ...credentials }, site)?.name).toBe('paypal');
    expect(() =>
      openPayPal({ PAYMENT_GATEWAYS: 'paypal', ...credentials, PAYPAL_API_URL: 'api-m.paypal.com' }, site),
    ).toThrow('PAYPAL_API_URL must be an http(s) URL');
  });
});

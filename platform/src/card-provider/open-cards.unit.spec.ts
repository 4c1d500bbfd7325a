import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openCards } from './index.ts';

const site = () => 'https://wine.example';

describe('openCards (issue 35 §6)', () => {
  it('is the sandbox unless configured', () => {
    expect(openCards({}, site).name).toBe('sandbox');
    expect(openCards({ CARD_PROVIDER: 'sandbox' }, site).name).toBe('sandbox');
  });

  it('refuses to start Stripe without its keys, naming what is missing', () => {
    expect(() => openCards({ CARD_PROVIDER: 'stripe' }, site)).toThrow(
      'CARD_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
    expect(() => openCards({ CARD_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' }, site)).toThrow(
      'CARD_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
    const stripe = openCards(
      {
        CARD_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      },
      site,
    );
    expect([stripe.name, typeof stripe.readEvent, stripe.tokenisation]).toEqual([
      'stripe',
      'function',
      { url: 'https://api.stripe.com', publishableKey: 'pk_test_abc' },
    ]);
  });

  it('refuses to start CyberSource without its merchant id and REST key, and takes cards through Flex', () => {
    expect(() => openCards({ CARD_PROVIDER: 'cybersource', CYBERSOURCE_KEY_ID: 'key' }, site)).toThrow(
      'CARD_PROVIDER=cybersource needs CYBERSOURCE_MERCHANT_ID and CYBERSOURCE_SHARED_SECRET',
    );
    const cybersource = openCards(
      {
        CARD_PROVIDER: 'cybersource',
        CYBERSOURCE_MERCHANT_ID: 'wine_merchant',
        CYBERSOURCE_KEY_ID: 'key',
        CYBERSOURCE_SHARED_SECRET: Buffer.from('secret').toString('base64'),
      },
      site,
    );
    expect([cybersource.name, typeof cybersource.captureContext, cybersource.tokenisation]).toEqual([
      'cybersource',
      'function',
      { url: 'https://testflex.cybersource.com', publishableKey: null },
    ]);
    expect(() => loadConfig({ CYBERSOURCE_API_URL: 'http://apitest.cybersource.com' })).toThrow(
      /CYBERSOURCE_API_URL must be an https URL/,
    );
  });

  it('checks the keys look like Stripe keys when the configuration is read', () => {
    expect(() => loadConfig({ CARD_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ CARD_PROVIDER: 'paypal' })).toThrow(/CARD_PROVIDER/);
    expect(loadConfig({ CARD_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' }).CARD_PROVIDER).toBe(
      'stripe',
    );
  });
});

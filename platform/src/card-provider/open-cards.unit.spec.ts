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

import { beforeEach, describe } from 'vitest';
import { openCardNetwork } from '../testing/card-networks.ts';
import { cardProviderContract } from './card-provider.contract.ts';

describe('the sandbox', () => cardProviderContract(() => openCardNetwork('sandbox')));

describe('the Stripe adapter, against a local double of Stripe', () =>
  cardProviderContract(() => openCardNetwork('stripe')));

describe('the CyberSource adapter, against a local double of CyberSource', () =>
  cardProviderContract(() => openCardNetwork('cybersource')));

/**
 * Versapay has no 3-D Secure (neither its Ecommerce API nor its gateway has an issuer authentication
 * step: a sale settles or is declined at once), so the contract's two authentication tests do not
 * apply to it and are skipped, saying why.
 */
describe('the Versapay adapter, against a local double of Versapay', () => {
  beforeEach((context) => {
    context.skip(
      /authentication/.test(context.task.name),
      'Versapay has no 3-D Secure: no charge ever waits for the issuer',
    );
  });
  cardProviderContract(() => openCardNetwork('versapay'));
});

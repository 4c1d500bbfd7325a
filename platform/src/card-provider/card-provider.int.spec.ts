import { describe } from 'vitest';
import { openCardNetwork } from '../testing/card-networks.ts';
import { cardProviderContract } from './card-provider.contract.ts';

describe('the sandbox', () => cardProviderContract(() => openCardNetwork('sandbox')));

describe('the Stripe adapter, against a local double of Stripe', () =>
  cardProviderContract(() => openCardNetwork('stripe')));

describe('the CyberSource adapter, against a local double of CyberSource', () =>
  cardProviderContract(() => openCardNetwork('cybersource')));

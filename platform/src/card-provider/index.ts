import { requiredSettings } from '../settings.ts';
import { createCyberSourceCardProvider } from './cybersource.ts';
import type { CardProvider } from './port.ts';
import { createSandboxCardProvider } from './sandbox.ts';
import { createStripeCardProvider } from './stripe.ts';
import { createVersapayCardProvider } from './versapay.ts';

export * from './port.ts';
export {
  createSandboxCardProvider,
  SANDBOX_AUTHENTICATION_PATH,
  type SandboxCardProvider,
  type SandboxCharge,
  sandboxTestCards,
} from './sandbox.ts';
export { createStripeCardProvider, type StripeOptions } from './stripe.ts';
export {
  createVersapayCardProvider,
  type VersapayCardProvider,
  VersapayError,
  type VersapayOptions,
} from './versapay.ts';

/**
 * Configuration picks the card provider (issue 35 §6): CARD_PROVIDER `sandbox` (the default) is the
 * built-in test network; `stripe` takes cards through Stripe with STRIPE_SECRET_KEY,
 * STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET at STRIPE_API_URL; `cybersource` through CyberSource
 * with CYBERSOURCE_MERCHANT_ID, CYBERSOURCE_KEY_ID and CYBERSOURCE_SHARED_SECRET at CYBERSOURCE_API_URL;
 * `versapay` through Versapay with VERSAPAY_API_TOKEN and VERSAPAY_API_KEY at VERSAPAY_API_URL.
 * A provider's missing settings are refused at start, named.
 */
export function openCards(
  config: {
    CARD_PROVIDER?: 'sandbox' | 'stripe' | 'cybersource' | 'versapay' | undefined;
    STRIPE_API_URL?: string | undefined;
    STRIPE_SECRET_KEY?: string | undefined;
    STRIPE_WEBHOOK_SECRET?: string | undefined;
    STRIPE_PUBLISHABLE_KEY?: string | undefined;
    STRIPE_TIMEOUT_MS?: number | undefined;
    CYBERSOURCE_API_URL?: string | undefined;
    CYBERSOURCE_MERCHANT_ID?: string | undefined;
    CYBERSOURCE_KEY_ID?: string | undefined;
    CYBERSOURCE_SHARED_SECRET?: string | undefined;
    CYBERSOURCE_CA_FILE?: string | undefined;
    CYBERSOURCE_TIMEOUT_MS?: number | undefined;
    VERSAPAY_API_URL?: string | undefined;
    VERSAPAY_ECOMMERCE_URL?: string | undefined;
    VERSAPAY_API_TOKEN?: string | undefined;
    VERSAPAY_API_KEY?: string | undefined;
    VERSAPAY_TIMEOUT_MS?: number | undefined;
  },
  publicUrl: () => string,
): CardProvider {
  const provider = config.CARD_PROVIDER ?? 'sandbox';
  if (provider === 'sandbox') return createSandboxCardProvider();
  const needs = `CARD_PROVIDER=${provider}`;
  if (provider === 'versapay') {
    const set = requiredSettings(config, ['VERSAPAY_API_TOKEN', 'VERSAPAY_API_KEY'], needs);
    return createVersapayCardProvider({
      apiToken: set.VERSAPAY_API_TOKEN,
      apiKey: set.VERSAPAY_API_KEY,
      apiBase: config.VERSAPAY_API_URL,
      ecommerceBase: config.VERSAPAY_ECOMMERCE_URL,
      timeoutMs: config.VERSAPAY_TIMEOUT_MS,
    });
  }
  if (provider === 'cybersource') {
    const set = requiredSettings(
      config,
      ['CYBERSOURCE_MERCHANT_ID', 'CYBERSOURCE_KEY_ID', 'CYBERSOURCE_SHARED_SECRET'],
      needs,
    );
    return createCyberSourceCardProvider({
      merchantId: set.CYBERSOURCE_MERCHANT_ID,
      keyId: set.CYBERSOURCE_KEY_ID,
      sharedSecret: set.CYBERSOURCE_SHARED_SECRET,
      apiBase: config.CYBERSOURCE_API_URL,
      caFile: config.CYBERSOURCE_CA_FILE,
      timeoutMs: config.CYBERSOURCE_TIMEOUT_MS,
      publicUrl,
    });
  }
  const set = requiredSettings(
    config,
    ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
    needs,
  );
  return createStripeCardProvider({
    secretKey: set.STRIPE_SECRET_KEY,
    apiBase: config.STRIPE_API_URL,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    webhookSecret: set.STRIPE_WEBHOOK_SECRET,
    publishableKey: set.STRIPE_PUBLISHABLE_KEY,
    publicUrl,
  });
}

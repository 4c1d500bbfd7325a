import type { CardProvider } from './port.ts';
import { createSandboxCardProvider } from './sandbox.ts';
import { createStripeCardProvider } from './stripe.ts';

export * from './port.ts';
export {
  createSandboxCardProvider,
  SANDBOX_AUTHENTICATION_PATH,
  type SandboxCardProvider,
  type SandboxCharge,
  sandboxTestCards,
} from './sandbox.ts';
export { createStripeCardProvider, type StripeOptions } from './stripe.ts';

/**
 * Configuration picks the card provider (issue 35 §6): CARD_PROVIDER `sandbox` (the default) is the
 * built-in test network; `stripe` takes cards through Stripe with STRIPE_SECRET_KEY,
 * STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (refused at start when any is missing) at
 * STRIPE_API_URL.
 */
export function openCards(
  config: {
    CARD_PROVIDER?: 'sandbox' | 'stripe' | undefined;
    STRIPE_API_URL?: string | undefined;
    STRIPE_SECRET_KEY?: string | undefined;
    STRIPE_WEBHOOK_SECRET?: string | undefined;
    STRIPE_PUBLISHABLE_KEY?: string | undefined;
    STRIPE_TIMEOUT_MS?: number | undefined;
  },
  publicUrl: () => string,
): CardProvider {
  if ((config.CARD_PROVIDER ?? 'sandbox') === 'sandbox') return createSandboxCardProvider();
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
    (key) => !config[key],
  );
  if (missing.length > 0) throw new Error(`CARD_PROVIDER=stripe needs ${missing.join(' and ')}`);
  return createStripeCardProvider({
    secretKey: config.STRIPE_SECRET_KEY as string,
    apiBase: config.STRIPE_API_URL,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY as string,
    publicUrl,
  });
}

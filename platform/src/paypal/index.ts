import { httpUrlSetting, namesListed, requiredSettings } from '../settings.ts';
import { createPayPalGateway } from './paypal.ts';
import type { PayPalGateway } from './port.ts';
import { createSandboxPayPal } from './sandbox.ts';

export { createPayPalGateway, type PayPalOptions } from './paypal.ts';
export { PAYPAL_LIVE_API_URL, PAYPAL_SANDBOX_API_URL } from './paypal-wire.ts';
export * from './port.ts';
export {
  createSandboxPayPal,
  type PayPalDelivery,
  SANDBOX_PAYPAL_APPROVE_PATH,
  type SandboxPayPal,
  type SandboxPayPalCapture,
  type SandboxPayPalOrder,
  sandboxPayPalBuyers,
} from './sandbox.ts';

/** What configuration says about PayPal (platform config.ts keys). */
export interface PayPalConfig {
  /** The card provider: the PayPal sandbox runs only beside the card sandbox (a shop in test mode). */
  CARD_PROVIDER?: string | undefined;
  /** The gateways the site takes, comma-separated (`stripe,paypal`): PayPal's adapter when it names `paypal`. */
  PAYMENT_GATEWAYS?: string | undefined;
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_CLIENT_SECRET?: string | undefined;
  PAYPAL_WEBHOOK_ID?: string | undefined;
  /** PayPal's API root: https://api-m.sandbox.paypal.com by default, https://api-m.paypal.com live, a double's in the specs. */
  PAYPAL_API_URL?: string | undefined;
  PAYPAL_TIMEOUT_MS?: number | undefined;
}

/** Whether the configured gateways name PayPal (a list, compared name by name, in any case). */
export const paypalConfigured = (gateways: string | undefined) => namesListed(gateways).includes('paypal');

/**
 * Configuration picks PayPal's gateway: PAYMENT_GATEWAYS naming `paypal` takes payments through PayPal
 * with PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID (refused at start, naming every
 * one missing) at PAYPAL_API_URL (PayPal's own sandbox by default, so a site configured with live
 * credentials but no URL fails loudly instead of taking test payments). Otherwise, in a shop whose
 * cards go to the card sandbox (a shop in test mode), the embedded sandbox, whose approve page is
 * SANDBOX_PAYPAL_APPROVE_PATH on `publicUrl`; and in a shop taking real cards, no PayPal at all: a
 * sandbox there would let a buyer "pay" with no money.
 */
export function openPayPal(config: PayPalConfig, publicUrl: () => string): PayPalGateway | undefined {
  if (!paypalConfigured(config.PAYMENT_GATEWAYS))
    return (config.CARD_PROVIDER ?? 'sandbox') === 'sandbox' ? createSandboxPayPal({ publicUrl }) : undefined;
  const set = requiredSettings(
    config,
    ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
    'PAYMENT_GATEWAYS=paypal',
  );
  return createPayPalGateway({
    clientId: set.PAYPAL_CLIENT_ID,
    clientSecret: set.PAYPAL_CLIENT_SECRET,
    webhookId: set.PAYPAL_WEBHOOK_ID,
    apiUrl: httpUrlSetting(config.PAYPAL_API_URL, 'PAYPAL_API_URL'),
    timeoutMs: config.PAYPAL_TIMEOUT_MS,
  });
}

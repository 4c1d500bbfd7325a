import { namesListed, requiredSettings } from '../settings.ts';
import { createCashfreeGateway } from './cashfree.ts';
import { createPaytmGateway } from './paytm.ts';
import { type HostedGateway, type HostedGatewayName, hostedGatewayNames } from './port.ts';

export { CASHFREE_SANDBOX_URL, createCashfreeGateway } from './cashfree.ts';
export { createPaytmGateway, PAYTM_STAGING_URL } from './paytm.ts';
export * from './port.ts';
export { AUTO_SUBMIT_SCRIPT_HASH, formFields, postFormPage } from './post-form.ts';

/** What configuration says about the hosted gateways (platform config.ts keys). */
export interface HostedGatewayConfig {
  /** The gateways the site takes besides cards, comma-separated: `paytm`, `cashfree` turn each on. */
  PAYMENT_GATEWAYS?: string | undefined;
  PAYTM_MID?: string | undefined;
  PAYTM_MERCHANT_KEY?: string | undefined;
  PAYTM_WEBSITE?: string | undefined;
  PAYTM_API_URL?: string | undefined;
  CASHFREE_CLIENT_ID?: string | undefined;
  CASHFREE_CLIENT_SECRET?: string | undefined;
  CASHFREE_API_URL?: string | undefined;
  HOSTED_GATEWAY_TIMEOUT_MS?: number | undefined;
}

/** The hosted gateways a site takes, by name; none by default. */
export type HostedGateways = Partial<Record<HostedGatewayName, HostedGateway>>;

/** The hosted gateways PAYMENT_GATEWAYS names (a list, compared name by name, in any case). */
export const hostedGatewaysConfigured = (gateways: string | undefined): HostedGatewayName[] => {
  const named = namesListed(gateways);
  return hostedGatewayNames.filter((name) => named.includes(name));
};

/**
 * Configuration picks the hosted gateways (seeds 001 "Payments": Paytm, Cashfree), off by default: each
 * one PAYMENT_GATEWAYS names is taken with its credentials (refused at start, naming every one missing)
 * at its API root (the gateway's own test environment by default, so a site given live credentials but
 * no URL fails loudly instead of taking test payments). There is no built-in sandbox of them: a site
 * offers only the gateways it configured.
 */
export function openHostedGateways(config: HostedGatewayConfig): HostedGateways {
  const gateways: HostedGateways = {};
  for (const name of hostedGatewaysConfigured(config.PAYMENT_GATEWAYS)) {
    const needs = `PAYMENT_GATEWAYS=${name}`;
    const timeoutMs = config.HOSTED_GATEWAY_TIMEOUT_MS;
    if (name === 'paytm') {
      const set = requiredSettings(config, ['PAYTM_MID', 'PAYTM_MERCHANT_KEY'], needs);
      if (set.PAYTM_MERCHANT_KEY.length !== 16) {
        throw new Error('PAYTM_MERCHANT_KEY is the 16-character merchant key Paytm gives');
      }
      gateways.paytm = createPaytmGateway({
        mid: set.PAYTM_MID,
        merchantKey: set.PAYTM_MERCHANT_KEY,
        website: config.PAYTM_WEBSITE ?? 'WEBSTAGING',
        apiUrl: config.PAYTM_API_URL,
        timeoutMs,
      });
    } else {
      const set = requiredSettings(config, ['CASHFREE_CLIENT_ID', 'CASHFREE_CLIENT_SECRET'], needs);
      gateways.cashfree = createCashfreeGateway({
        clientId: set.CASHFREE_CLIENT_ID,
        clientSecret: set.CASHFREE_CLIENT_SECRET,
        apiUrl: config.CASHFREE_API_URL,
        timeoutMs,
      });
    }
  }
  return gateways;
}

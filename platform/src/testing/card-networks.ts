import type { CardProvider } from '../card-provider/port.ts';
import { createSandboxCardProvider, type SandboxCharge, sandboxTestCards } from '../card-provider/sandbox.ts';
import { createStripeCardProvider } from '../card-provider/stripe.ts';
import { type StripeDouble, startStripeDouble, stripeTestCards } from '../card-provider/stripe-double.ts';

/** The card networks a money test can run against: the sandbox, or an adapter behind its vendor's double. */
export const cardNetworkNames = ['sandbox', 'stripe'] as const;
export type CardNetworkName = (typeof cardNetworkNames)[number];

/**
 * A card network under test: the provider the product is given, the test cards that behave as their
 * names say on it, and the network's own side (what it charged, the issuer's authentication), so a
 * test says how many times a card was charged whichever provider took it.
 */
export interface CardNetwork {
  name: CardNetworkName;
  /** How the network is named in a test's title: the double named as a double. */
  title: string;
  provider: CardProvider;
  testCards: {
    visa: string;
    mastercard: string;
    amex: string;
    declined: string;
    chargeDeclined: string;
    authenticationRequired: string;
  };
  /** Every charge the network made, oldest first, with what was refunded of it. */
  charges(): SandboxCharge[];
  /** The buyer passes or fails the issuer's authentication of a charge. */
  authenticate(chargeId: string, approve: boolean): Promise<void>;
  /** The charge an issuer-page URL (a charge's `requires_action` answer) is for. */
  chargeIdIn(url: string): string;
  /** The Stripe double, when the network is Stripe's (its webhooks, its requests). */
  stripe: StripeDouble | null;
  close(): Promise<void>;
}

/** The network the money suites run against: CARD_NETWORK (sandbox by default). */
export function cardNetworkFromEnv(): CardNetworkName {
  const name = process.env.CARD_NETWORK ?? 'sandbox';
  if (!(cardNetworkNames as readonly string[]).includes(name)) {
    throw new Error(`CARD_NETWORK must be one of ${cardNetworkNames.join(', ')}, not ${name}`);
  }
  return name as CardNetworkName;
}

/** How each network is named in a test's title: the double named as a double. */
export const cardNetworkTitles: Record<CardNetworkName, string> = {
  sandbox: 'the sandbox',
  stripe: 'the Stripe adapter, against a local double of Stripe',
};

/**
 * Opens a card network; `publicUrl` is the site's address the network sends a buyer back to after
 * the issuer's page (a test's own product, when a browser follows it).
 */
export async function openCardNetwork(
  name: CardNetworkName = cardNetworkFromEnv(),
  options: { publicUrl?: () => string } = {},
): Promise<CardNetwork> {
  if (name === 'sandbox') {
    const sandbox = createSandboxCardProvider();
    return {
      name,
      title: cardNetworkTitles.sandbox,
      provider: sandbox,
      testCards: sandboxTestCards,
      charges: () => sandbox.charges(),
      authenticate: (chargeId, approve) => sandbox.authenticate(chargeId, approve),
      chargeIdIn: (url) => new URL(url, 'http://x').pathname.split('/')[3] ?? '',
      stripe: null,
      close: async () => {},
    };
  }
  const double = await startStripeDouble();
  return {
    name,
    title: cardNetworkTitles.stripe,
    provider: createStripeCardProvider({
      secretKey: double.secretKey,
      apiBase: double.url,
      webhookSecret: double.webhookSecret,
      publicUrl: options.publicUrl ?? (() => 'http://127.0.0.1:5173'),
    }),
    testCards: stripeTestCards,
    charges: () => double.charges(),
    authenticate: (chargeId, approve) => double.authenticate(chargeId, approve),
    chargeIdIn: (url) => new URL(url).pathname.split('/')[2] ?? '',
    stripe: double,
    close: () => double.close(),
  };
}

import { createCyberSourceCardProvider } from '../card-provider/cybersource.ts';
import {
  cyberSourceTestCards,
  startCyberSourceDouble,
  tokenizeWithFlex,
} from '../card-provider/cybersource-double.ts';
import { CardDeclinedError, type CardDetails, type CardProvider } from '../card-provider/port.ts';
import { createSandboxCardProvider, type SandboxCharge, sandboxTestCards } from '../card-provider/sandbox.ts';
import { createStripeCardProvider } from '../card-provider/stripe.ts';
import { type StripeDouble, startStripeDouble, stripeTestCards } from '../card-provider/stripe-double.ts';
import { createVersapayCardProvider } from '../card-provider/versapay.ts';
import {
  startVersapayDouble,
  tokenizeWithVersapay,
  versapayTestCards,
} from '../card-provider/versapay-double.ts';

/** The card networks a money test can run against: the sandbox, or an adapter behind its vendor's double. */
export const cardNetworkNames = ['sandbox', 'stripe', 'cybersource', 'versapay'] as const;
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
  /**
   * What the browser does with the card form (issue 35 §1): gives the card to the provider's
   * tokenisation (the sandbox's vault, Stripe's PaymentMethods with the publishable key) and gets the
   * single-use token the product takes. Refusals are CardDeclinedError in the provider's words.
   */
  tokenize(card: CardDetails): Promise<string>;
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
  cybersource: 'the CyberSource adapter, against a local double of CyberSource',
  versapay: 'the Versapay adapter, against a local double of Versapay',
};

/**
 * Whether the network asks the buyer to authenticate (3-D Secure) for its authentication test card:
 * Versapay has no 3-D Secure, so its tests of the issuer's page are skipped, saying so in their title.
 */
export const hasThreeDSecure = (name: CardNetworkName = cardNetworkFromEnv()) => name !== 'versapay';

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
      tokenize: (card) => sandbox.tokenize(card, new Date()),
      charges: () => sandbox.charges(),
      authenticate: (chargeId, approve) => sandbox.authenticate(chargeId, approve),
      chargeIdIn: (url) => new URL(url, 'http://x').pathname.split('/')[3] ?? '',
      stripe: null,
      close: async () => {},
    };
  }
  if (name === 'versapay') {
    const versapay = await startVersapayDouble();
    const provider = createVersapayCardProvider({
      apiToken: versapay.apiToken,
      apiKey: versapay.apiKey,
      apiBase: versapay.url,
    });
    return {
      name,
      title: cardNetworkTitles.versapay,
      provider,
      testCards: versapayTestCards,
      tokenize: async (card) =>
        tokenizeWithVersapay(await provider.captureContext('http://127.0.0.1'), card, versapay.ecommerceUrl),
      charges: () => versapay.charges(),
      authenticate: async () => {
        throw new Error('Versapay has no 3-D Secure: no charge waits for the issuer');
      },
      chargeIdIn: () => '',
      stripe: null,
      close: () => versapay.close(),
    };
  }
  if (name === 'cybersource') {
    const cybersource = await startCyberSourceDouble();
    const publicUrl = options.publicUrl ?? (() => 'http://127.0.0.1:5173');
    const provider = createCyberSourceCardProvider({
      merchantId: cybersource.merchantId,
      keyId: cybersource.keyId,
      sharedSecret: cybersource.sharedSecret,
      apiBase: cybersource.url,
      caFile: cybersource.caFile,
      publicUrl,
    });
    return {
      name,
      title: cardNetworkTitles.cybersource,
      provider,
      testCards: cyberSourceTestCards,
      tokenize: async (card) =>
        tokenizeWithFlex(
          await provider.captureContext(new URL(publicUrl()).origin),
          card,
          cybersource.caFile,
        ),
      charges: () => cybersource.charges(),
      authenticate: (chargeId, approve) => cybersource.authenticate(chargeId, approve),
      chargeIdIn: (url) => new URL(url).searchParams.get('MD') ?? '',
      stripe: null,
      close: () => cybersource.close(),
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
      publishableKey: double.publishableKey,
      publicUrl: options.publicUrl ?? (() => 'http://127.0.0.1:5173'),
    }),
    testCards: stripeTestCards,
    async tokenize(card) {
      const form = new URLSearchParams({
        type: 'card',
        'card[number]': card.number,
        'card[exp_month]': String(card.expMonth),
        'card[exp_year]': String(card.expYear),
        'card[cvc]': card.cvc,
        'billing_details[name]': card.nameOnCard,
        ...(card.zip && { 'billing_details[address][postal_code]': card.zip }),
      });
      const response = await fetch(`${double.url}/v1/payment_methods`, {
        method: 'POST',
        headers: { authorization: `Bearer ${double.publishableKey}` },
        body: form,
      });
      const body = (await response.json()) as { id?: string; error?: { message: string } };
      if (!body.id) throw new CardDeclinedError(body.error?.message ?? `HTTP ${response.status}`);
      return body.id;
    },
    charges: () => double.charges(),
    authenticate: (chargeId, approve) => double.authenticate(chargeId, approve),
    chargeIdIn: (url) => new URL(url).pathname.split('/')[2] ?? '',
    stripe: double,
    close: () => double.close(),
  };
}

import { createPayPalGateway } from '../paypal/paypal.ts';
import { payOnApprovePage, startPayPalDouble } from '../paypal/paypal-double.ts';
import type { PayPalGateway } from '../paypal/port.ts';
import {
  createSandboxPayPal,
  type PayPalDelivery,
  type SandboxPayPalCapture,
  sandboxPayPalBuyers,
} from '../paypal/sandbox.ts';

/** The PayPals a money test can run against: the sandbox, or the adapter behind a local double of PayPal. */
export const payPalNetworkNames = ['sandbox', 'paypal'] as const;
export type PayPalNetworkName = (typeof payPalNetworkNames)[number];

/** How each is named in a test's title: the double named as a double. */
export const payPalNetworkTitles: Record<PayPalNetworkName, string> = {
  sandbox: 'the PayPal sandbox',
  paypal: 'the PayPal adapter, against a local double of PayPal',
};

/** Where PayPal's events go: the product's endpoint, answering the HTTP status. */
export type PayPalEndpoint = (delivery: PayPalDelivery) => Promise<number>;

/**
 * PayPal under test: the gateway the product is given, and PayPal's own side (its approve page, the
 * money it captured, its events), so a test says how many captures were made whichever PayPal took
 * them.
 */
export interface PayPalNetwork {
  name: PayPalNetworkName;
  title: string;
  gateway: PayPalGateway;
  /** The buyers who pay, whose funding PayPal declines, and who pay by eCheck. */
  buyers: typeof sandboxPayPalBuyers;
  /**
   * The buyer on the approve page a checkout sent them to: pays (as `buyer`) or cancels; answers
   * where the page sends the browser back (the site's return or cancel URL, with PayPal's `token`).
   */
  approve(approveUrl: string, choice: { approve: boolean; buyer?: string }): Promise<string>;
  /** Every capture made, oldest first, with what was refunded of it. */
  captures(): SandboxPayPalCapture[];
  /** Where events are delivered (the product's endpoint); none until set. */
  webhooks(endpoint: PayPalEndpoint | null): void;
  /** While on, events are kept until a test delivers them (PayPal's late or out-of-order deliveries). */
  hold(on: boolean): void;
  /** PayPal settles a pending (eCheck) capture, or denies it: its event is sent. */
  settle(captureId: string, outcome: 'completed' | 'denied'): Promise<void>;
  /** The buyer opens a dispute on a capture: its event is sent. */
  dispute(captureId: string, reason?: string): Promise<void>;
  /** PayPal decides the capture's dispute: its event is sent. */
  resolveDispute(captureId: string, outcome: 'won' | 'lost'): Promise<void>;
  /** Every event made, oldest first. */
  events(): { id: string; type: string }[];
  /** Delivers an event (again, as PayPal retries it); the endpoint's HTTP status. */
  deliver(eventId: string): Promise<number>;
  close(): Promise<void>;
}

const typeOf = (body: string) => (JSON.parse(body) as { event_type: string }).event_type;
const idOf = (body: string) => (JSON.parse(body) as { id: string }).id;

/** The sandbox, with its deliveries held or passed on as the double's are. */
function sandboxNetwork(publicUrl: () => string): PayPalNetwork {
  const sandbox = createSandboxPayPal({ publicUrl });
  let endpoint: PayPalEndpoint | null = null;
  let holding = false;
  let delivering = false;
  let status = 0;
  const events: { id: string; type: string }[] = [];
  sandbox.webhooks(async (delivery) => {
    const id = idOf(delivery.body);
    if (!events.some((e) => e.id === id)) events.push({ id, type: typeOf(delivery.body) });
    if (!endpoint || (holding && !delivering)) return;
    status = await endpoint(delivery);
  });
  return {
    name: 'sandbox',
    title: payPalNetworkTitles.sandbox,
    gateway: sandbox,
    buyers: sandboxPayPalBuyers,
    async approve(approveUrl, { approve, buyer }) {
      const orderId = new URL(approveUrl).pathname.split('/').at(-1) ?? '';
      return (await sandbox.approve(orderId, approve, buyer)).redirectTo;
    },
    captures: () => sandbox.captures(),
    webhooks(to) {
      endpoint = to;
    },
    hold(on) {
      holding = on;
    },
    settle: (captureId, outcome) => sandbox.settle(captureId, outcome),
    dispute: (captureId, reason) => sandbox.dispute(captureId, reason),
    resolveDispute: (captureId, outcome) => sandbox.resolveDispute(captureId, outcome),
    events: () => events.map((e) => ({ ...e })),
    async deliver(eventId) {
      delivering = true;
      try {
        status = 0;
        await sandbox.deliver(eventId);
        return status;
      } finally {
        delivering = false;
      }
    },
    close: async () => {},
  };
}

/**
 * Opens PayPal under test. The double's approve page is its own (`/checkoutnow?token=`), filled as a
 * browser without script would (payOnApprovePage); the sandbox's is the product's own page, whose
 * action the test calls in its stead.
 */
export async function openPayPalNetwork(
  name: PayPalNetworkName,
  options: { publicUrl?: () => string } = {},
): Promise<PayPalNetwork> {
  const publicUrl = options.publicUrl ?? (() => 'http://localhost');
  if (name === 'sandbox') return sandboxNetwork(publicUrl);
  const double = await startPayPalDouble();
  let endpoint: PayPalEndpoint | null = null;
  let holding = false;
  return {
    name,
    title: payPalNetworkTitles.paypal,
    gateway: createPayPalGateway({
      clientId: double.clientId,
      clientSecret: double.clientSecret,
      webhookId: double.webhookId,
      apiUrl: double.url,
      // The double answers at once; a failure here is the test's to see, not one to try again.
      retries: 0,
    }),
    buyers: sandboxPayPalBuyers,
    approve: (approveUrl, choice) => payOnApprovePage(approveUrl, choice),
    captures: () => double.captures(),
    webhooks(to) {
      endpoint = to;
      double.webhooks(to, { hold: holding });
    },
    hold(on) {
      holding = on;
      double.webhooks(endpoint, { hold: on });
    },
    settle: (captureId, outcome) => double.settle(captureId, outcome),
    dispute: (captureId, reason) => double.dispute(captureId, reason),
    resolveDispute: (captureId, outcome) => double.resolveDispute(captureId, outcome),
    events: () => double.events().map(({ id, type }) => ({ id, type })),
    deliver: (eventId) => double.deliver(eventId),
    close: () => double.close(),
  };
}

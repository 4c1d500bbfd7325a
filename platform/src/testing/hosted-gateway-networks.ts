import { createCashfreeGateway } from '../hosted-gateway/cashfree.ts';
import { startCashfreeDouble } from '../hosted-gateway/cashfree-double.ts';
import { createPaytmGateway } from '../hosted-gateway/paytm.ts';
import { type HostedPageChoice, startPaytmDouble } from '../hosted-gateway/paytm-double.ts';
import {
  type GatewayNotification,
  type HostedGateway,
  type HostedGatewayName,
  type HostedPaymentPage,
  hostedGatewayNames,
} from '../hosted-gateway/port.ts';
import { postForm, readPostForm } from '../hosted-gateway/post-form.ts';

export type { HostedPageChoice } from '../hosted-gateway/paytm-double.ts';

/** How each is named in a test's title: the double named as a double. */
export const hostedGatewayTitles: Record<HostedGatewayName, string> = {
  paytm: 'the Paytm adapter, against a local double of Paytm',
  cashfree: 'the Cashfree adapter, against a local double of Cashfree',
};

/** Where the gateway's page sends the browser back: a form posted (Paytm's callback) or a link followed. */
export interface HostedReturn {
  method: 'POST' | 'GET';
  url: string;
  /** The return's fields: the posted form's, or the link's query. */
  fields: Record<string, string>;
}

/** A paid order as the gateway's books hold it, with what was refunded of it: what a test counts money with. */
export interface HostedCharge {
  orderId: string;
  amount: number;
  refunded: number;
}

/**
 * A hosted gateway under test: the adapter the product is given, behind a local double of the vendor
 * that the test started, and the vendor's side (its page, the money it took) so a test says how many
 * times the buyer was charged.
 */
export interface HostedGatewayNetwork {
  name: HostedGatewayName;
  title: string;
  gateway: HostedGateway;
  /** The buyer on the gateway's page the product sent them to: pays, is declined or gives up. */
  pay(page: HostedPaymentPage, choice: HostedPageChoice): Promise<HostedReturn>;
  /** Every paid order, oldest first. */
  charges(): HostedCharge[];
  /** Orders the gateway opened (one per order id however often the product asked). */
  opened(): number;
  /** The amount the gateway holds for an order (an order opened on the gateway outside the product). */
  setAmount(orderId: string, amount: number): void;
  /** The webhook the gateway would send for the order as it stands, signed: the spec delivers it. */
  notification(orderId: string): Promise<GatewayNotification>;
  close(): Promise<void>;
}

export const hostedGatewayNetworkNames = hostedGatewayNames;

/** The page a browser reaches by posting `page`, and the return it is then sent on. */
async function followPages(page: HostedPaymentPage, choice: HostedPageChoice): Promise<HostedReturn> {
  const entry = await postForm(page);
  if (entry.status !== 200)
    throw new Error(`the gateway's page answered ${entry.status}: ${await entry.text()}`);
  const choices = readPostForm(await entry.text(), choice);
  if (!choices) throw new Error('the gateway’s page has no form');
  const chosen = await postForm({ url: new URL(choices.url, page.url).toString(), fields: choices.fields });
  const location = chosen.headers.get('location');
  if (chosen.status === 302 && location) {
    const back = new URL(location);
    return {
      method: 'GET',
      url: `${back.origin}${back.pathname}`,
      fields: Object.fromEntries(back.searchParams),
    };
  }
  const callback = readPostForm(await chosen.text());
  if (!callback) throw new Error(`the gateway's last page has no form (HTTP ${chosen.status})`);
  return { method: 'POST', url: callback.url, fields: callback.fields };
}

/** What a vendor's double keeps of its orders, as both doubles keep them. */
interface GatewayDouble {
  orders(): { orderId: string; amount: number; status: string; refunds: { amount: number }[] }[];
  opened(): number;
  setAmount(orderId: string, amount: number): void;
  notification(orderId: string): GatewayNotification | Promise<GatewayNotification>;
  close(): Promise<void>;
}

/** A network's reading of its double: the orders in the vendor's paid status are its charges. */
const doubleParts = (double: GatewayDouble, paidStatus: string) => ({
  pay: followPages,
  charges: (): HostedCharge[] =>
    double
      .orders()
      .filter((o) => o.status === paidStatus)
      .map((o) => ({
        orderId: o.orderId,
        amount: o.amount,
        refunded: o.refunds.reduce((s, r) => s + r.amount, 0),
      })),
  opened: () => double.opened(),
  setAmount: (orderId: string, amount: number) => double.setAmount(orderId, amount),
  notification: async (orderId: string) => double.notification(orderId),
  close: () => double.close(),
});

/** Opens a hosted gateway under test: its adapter against a local double of the vendor. */
export async function openHostedGatewayNetwork(name: HostedGatewayName): Promise<HostedGatewayNetwork> {
  if (name === 'paytm') {
    const double = await startPaytmDouble();
    return {
      name,
      title: hostedGatewayTitles.paytm,
      gateway: createPaytmGateway({
        mid: double.mid,
        merchantKey: double.merchantKey,
        website: double.website,
        apiUrl: double.url,
      }),
      ...doubleParts(double, 'TXN_SUCCESS'),
    };
  }
  const double = await startCashfreeDouble();
  return {
    name,
    title: hostedGatewayTitles.cashfree,
    gateway: createCashfreeGateway({
      clientId: double.clientId,
      clientSecret: double.clientSecret,
      apiUrl: double.url,
    }),
    ...doubleParts(double, 'PAID'),
  };
}

/** Helpers for test suites that run against real servers (never a fake one). */

export { type StripeDouble, startStripeDouble, stripeTestCards } from '../card-provider/stripe-double.ts';
/** Issue 35 §4: a local double of PandaDoc's API, for specs only. */
export { type PandaDocDouble, startPandaDocDouble } from '../documents/pandadoc-double.ts';
/** seeds 001 "Payments": local doubles of Paytm's and Cashfree's APIs and pages, for specs only. */
export { type CashfreeDouble, startCashfreeDouble } from '../hosted-gateway/cashfree-double.ts';
export { type PaytmDouble, startPaytmDouble } from '../hosted-gateway/paytm-double.ts';
/** Issue 35 §3: a local double of North Capital's Transact API, for specs only. */
export { type NorthCapitalDouble, startNorthCapitalDouble } from '../investing/northcapital-double.ts';
/** Issue 35 §5: a local double of Google's Places API, for specs only. */
export { type GooglePlacesDouble, startGooglePlacesDouble } from '../maps/google-places-double.ts';
/** seeds 001 "Payments": a local double of PayPal's REST API, for specs only. */
export { type PayPalDouble, payOnApprovePage, startPayPalDouble } from '../paypal/paypal-double.ts';
/** Issue 35: a local double of AvaTax's API, for specs only. */
export { type AvaTaxDouble, startAvaTaxDouble } from '../tax/avatax-double.ts';
/** Issue 35: the card networks a money test runs against (the sandbox, Stripe behind its double). */
export {
  type CardNetwork,
  type CardNetworkName,
  cardNetworkFromEnv,
  cardNetworkNames,
  cardNetworkTitles,
  hasThreeDSecure,
  openCardNetwork,
} from './card-networks.ts';
export { dockerReachable } from './docker.ts';
export { eventually } from './eventually.ts';
/** seeds 001 "Payments": the hosted gateways (Paytm, Cashfree) behind local doubles of them, for specs only. */
export {
  type HostedCharge,
  type HostedGatewayNetwork,
  type HostedPageChoice,
  type HostedReturn,
  hostedGatewayNetworkNames,
  hostedGatewayTitles,
  openHostedGatewayNetwork,
} from './hosted-gateway-networks.ts';
export { closedUnsold, listedLot } from './lots.ts';
export { natsReachable, natsUrl } from './nats.ts';
/** The PayPals a money test runs against (the sandbox, the adapter behind PayPal's double). */
export {
  openPayPalNetwork,
  type PayPalEndpoint,
  type PayPalNetwork,
  type PayPalNetworkName,
  payPalNetworkNames,
  payPalNetworkTitles,
} from './paypal-networks.ts';
export { seeded } from './seeded.ts';
export { newEvent, recordedEvent } from './test-events.ts';

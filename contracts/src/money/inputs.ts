import { z } from 'zod';
import { AddressFields, atMost } from '../accounts/fields.ts';
import { lazy, t } from '../i18n/index.ts';
import { needsShipDate, ShippingChoice, shipDateIssue } from '../shipping/inputs.ts';
import { plainText } from '../text.ts';

const Id = z.string().trim().min(1).max(64);
/** Ids the client chooses (a checkout's cart id): letters, digits, '-' and '_'. */
export const ClientId = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_-]{1,64}$/,
    lazy(() => t('checkout.badCartId')),
  );

/**
 * An amount in whole cents between `min` and `max`; outside, the range's message (DOMAIN.md "Money":
 * money is integer cents).
 */
const cents = (min: number, max: number, range: 'checkout.amountCents' | 'checkout.amountRange') =>
  z
    .number(lazy(() => t('checkout.amountCents')))
    .int(lazy(() => t('checkout.amountCents')))
    .min(
      min,
      lazy(() => t(range)),
    )
    .max(
      max,
      lazy(() => t(range)),
    );

/** Wallet credit bought, gift cards issued, bid deposits held: $1.00 to $10,000.00. */
const WalletAmount = cents(100, 1_000_000, 'checkout.amountRange');

/** seeds 001 §3 "Address form", as checkout asks it; issue 31: with a second line (suite, floor). */
export const CheckoutAddress = z.strictObject({
  ...AddressFields,
  address2: plainText(() => t('labels.address2'))
    .max(200, atMost(200))
    .optional(),
  /**
   * Issue 35 §5 (seeds 001 §3 address form): where the maps port put the chosen suggestion, kept with
   * the address (deliveries are routed by it); absent for an address typed by hand.
   */
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  place_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,300}$/)
    .optional(),
});
export type CheckoutAddress = z.output<typeof CheckoutAddress>;

/** Which cart: the buy-now lines, or the lots won at auction (DOMAIN.md "Money"). */
/** The cart a checkout pays: the buy-now cart, auction invoices, or accepted offers (the temporary cart). */
export const CartType = z.enum(['buynow', 'auction', 'offer']);
export type CartType = z.infer<typeof CartType>;

/**
 * `/checkout/:type/:cart_id`: for buy now the cart id names this checkout (the browser makes it, so
 * a retried checkout is the same one); for an auction cart it is one unpaid invoice, or `all`.
 */
export const CartRef = z.strictObject({ type: CartType, cart_id: ClientId });

export const DeliveryChoice = {
  delivery: z.enum(['pickup', 'delivery']),
  /** Where to deliver; required for delivery, ignored for pickup. */
  address: CheckoutAddress.nullable().default(null),
  /** Where the card is billed; the delivery address when left out. */
  billing_address: CheckoutAddress.nullable().default(null),
  /** Issue 31: how a delivery ships, and the seasonal hold's ship date. */
  ...ShippingChoice,
};

export const needsAddress = (v: { delivery: string; address: unknown }) =>
  v.delivery === 'pickup' || v.address !== null;
export const addressIssue = { path: ['address'], ...lazy(() => t('checkout.deliveryAddress')) };

/** seeds 001 §7 cart/saveAddress: the cart's values with this address (checked through the tax port). */
export const SaveAddressInput = CartRef.extend(DeliveryChoice)
  .refine(needsAddress, addressIssue)
  .refine(needsShipDate, shipDateIssue);

/**
 * seeds 001 §7 offline/payCartOffline and credit/payCartWallet: a checkout whose payment is implied
 * (placed unpaid to pay offline, or paid from the wallet alone).
 */
export const PlaceOrderInput = SaveAddressInput;

/** Finance or an admin records money received offline for an invoice (bank transfer, at pickup). */
export const RecordOfflinePaymentInput = z.strictObject({
  invoice_id: Id,
  amount: cents(1, 1_000_000_000, 'checkout.amountCents'),
  reference: z.string().trim().min(1).max(100),
});

/** An admin issues `count` gift cards of `amount` cents each. */
export const IssueGiftCardsInput = z.strictObject({
  amount: WalletAmount,
  count: z.number().int().min(1).max(50),
});

/** seeds 001 §7 giftcard/addGiftCardWalletBalance: the code as printed (spaces and dashes allowed). */
export const RedeemGiftCardInput = z.strictObject({
  code: z
    .string()
    .trim()
    .min(
      1,
      lazy(() => t('account.required')),
    )
    .max(
      40,
      lazy(() => t('checkout.giftCardUnknown')),
    ),
});

/** seeds 001 "Payments": the hosted gateways a payment may be made on (those the site configured). */
export const HostedGatewayChoice = z.enum(['paytm', 'cashfree']);
export type HostedGatewayChoice = z.infer<typeof HostedGatewayChoice>;

/**
 * How the buyer pays: a saved card, PayPal (seeds 001 "Payments": paypal_response), a new card given
 * to the card provider in the browser and not kept (`element`: seeds 001 stripe_payment_element,
 * where the provider has such a flow), wallet credit, or the wallet first and one of those for the
 * rest. `paypal` and `element` are left out by the clients that predate them, so they default to false.
 */
export const PaymentChoice = z
  .strictObject({
    use_wallet: z.boolean().default(false),
    card_id: Id.nullable().default(null),
    paypal: z.boolean().default(false),
    element: z.boolean().default(false),
    /** seeds 001 "Payments": the rest paid on a hosted gateway's page (Paytm, Cashfree), where the site takes it. */
    gateway: HostedGatewayChoice.nullable().default(null),
  })
  .refine((p) => p.use_wallet || p.card_id !== null || p.paypal || p.element || p.gateway !== null, {
    path: ['card_id'],
    ...lazy(() => t('checkout.choosePayment')),
  })
  // One payment takes its rest one way: two of them would leave which one to charge unsaid.
  .refine((p) => !(p.paypal && p.card_id !== null), {
    path: ['paypal'],
    ...lazy(() => t('checkout.paypalOrCard')),
  })
  .refine((p) => !(p.element && (p.paypal || p.card_id !== null)), {
    path: ['element'],
    ...lazy(() => t('checkout.newCardOrOther')),
  })
  .refine((p) => !(p.gateway !== null && (p.paypal || p.element || p.card_id !== null)), {
    path: ['gateway'],
    ...lazy(() => t('checkout.gatewayOrOther')),
  });

/** seeds 001 §7 cart/checkout and buynow/checkout. */
export const CheckoutInput = CartRef.extend({ ...DeliveryChoice, payment: PaymentChoice })
  .refine(needsAddress, addressIssue)
  .refine(needsShipDate, shipDateIssue);
export type CheckoutInput = z.input<typeof CheckoutInput>;

/**
 * After the card issuer's authentication page, the payment is confirmed (seeds 001 §4): the return
 * URL carries the payment and the invoices it was for (`?payment_id=...&invoice=a,b`).
 */
export const ConfirmPaymentInput = z.strictObject({
  payment_id: Id,
  invoice_ids: z.array(Id).min(1).max(50),
});

/**
 * seeds 001 "Payments" paypal_response: back from PayPal's page, whose return (or cancel) URL carries
 * the payment and its invoices as the checkout wrote them, and PayPal's order id as `token`.
 */
export const PayPalResponseInput = z.strictObject({
  payment_id: Id,
  invoice_ids: z.array(Id).min(1).max(50),
  /** PayPal's order id (PayPal names it `token` on the return URL). */
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/),
});

/**
 * seeds 001 §7 paytm_payment: a cart (or its invoices) paid on the gateway's page, the wallet's credit
 * first when `use_wallet`. The server computes the amount: the client names only the cart.
 */
export const GatewayPaymentInput = CartRef.extend({
  ...DeliveryChoice,
  use_wallet: z.boolean().default(false),
})
  .refine(needsAddress, addressIssue)
  .refine(needsShipDate, shipDateIssue);

/**
 * seeds 001 §7 paymentThird/paytm and paymentThird/cashfree membership-payment: a bid deposit (the
 * registration deposit a bidder puts down, held on the wallet) paid on the gateway's page.
 */
export const MembershipPaymentInput = z.strictObject({ amount: WalletAmount });

/**
 * seeds 001 §7 paytm_response and cashfree_response: back from the gateway's page. `payment_id` and
 * `invoice_ids` are what the checkout put on its return URL (no invoices: a membership payment);
 * `fields` are the gateway's own (Paytm's posted callback with its CHECKSUMHASH, Cashfree's
 * `order_id`), checked and then only believed as far as the gateway's status API confirms them.
 */
export const GatewayResponseInput = z.strictObject({
  payment_id: Id,
  invoice_ids: z.array(Id).max(50).default([]),
  fields: z.record(z.string().max(64), z.string().max(500)).refine((f) => Object.keys(f).length <= 40),
});

/** The sandbox PayPal's approve page: the buyer pays with PayPal or cancels. */
export const SandboxPayPalApproveInput = z.strictObject({
  order_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/),
  approve: z.boolean(),
});

/** The sandbox card issuer's authentication page: the buyer approves or refuses. */
export const SandboxAuthenticateInput = z.strictObject({
  charge_id: Id,
  approve: z.boolean(),
});

export const CancelItemInput = z.strictObject({ product_id: Id });

/** seeds 001 §7 credit/addCreditBalance: credit bought with a saved card, whole cents, $1 to $10,000. */
export const AddCreditInput = z.strictObject({
  amount: WalletAmount,
  card_id: Id,
});

export const PageInput = z.strictObject({
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
});

export const InvoiceListInput = PageInput.extend({
  status: z.enum(['paid', 'unpaid']),
  /** Issue 31 (/purchases/:type): lots won at auction, bought now, or by offer; left out, all. */
  kind: z.enum(['auction', 'buynow', 'offer']).optional(),
});
export const InvoiceIdInput = z.strictObject({ id: Id });

/** seeds 001 §7 credit/addBidDeposit: wallet credit set aside as a bid deposit, optionally for one lot. */
export const AddBidDepositInput = z.strictObject({
  amount: WalletAmount,
  lot_id: Id.nullable().default(null),
});

/** A held deposit spent on one of the buyer's unpaid invoices. */
export const ApplyDepositInput = z.strictObject({ deposit_id: Id, invoice_id: Id });

/** Finance or an admin gives a buyer's held deposit back to their wallet. */
export const ReleaseDepositInput = z.strictObject({ deposit_id: Id, user_id: Id });

import {
  type CartType,
  type CheckoutAddress,
  CheckoutInput,
  type InputOf,
  PlaceOrderInput,
  type ShipMethod,
} from '@wine/contracts';
import type { z } from 'zod';
import { isCompleteAddress } from '../../lib/cart.ts';
import type { AddressErrors } from './AddressForm.tsx';

/**
 * Which cart a checkout pays (contracts CartRef): buy-now lines, or one unpaid invoice (or 'all') of
 * the lots won at auction or of the accepted offers (issue 36).
 */
export interface CartRef {
  type: CartType;
  cart_id: string;
}

/** What the buyer has chosen on the checkout page. */
export interface CheckoutForm {
  delivery: 'pickup' | 'delivery';
  address: CheckoutAddress;
  billingSame: boolean;
  billing: CheckoutAddress;
  /** How the order is paid: now (a card, PayPal, wallet credit) or offline later (bank transfer, at pickup). */
  method: 'card' | 'offline';
  cardId: string | null;
  /** Paid now with PayPal (seeds 001 "Payments") instead of a card: its page opens in the same tab. */
  paypal?: boolean;
  /** Paid now on a hosted gateway's page (seeds 001 "Payments": Paytm, Cashfree) instead of a card. */
  gateway?: 'paytm' | 'cashfree' | null;
  /**
   * Paid now with a new card given to the provider in the browser, kept nowhere (seeds 001
   * stripe_payment_element): the order carries no card, the browser confirms the payment with it.
   */
  newCard?: boolean;
  useWallet: boolean;
  /** Issue 31: how a delivery ships, and the seasonal hold's date (`YYYY-MM-DD`, '' until chosen). */
  shipMethod?: ShipMethod;
  shipDate?: string;
}

/** The delivery's shipping choice as the API takes it (the hold's date only with the hold). */
const shipChoiceOf = (form: CheckoutForm) => ({
  ship_method: form.shipMethod ?? 'ground',
  ship_date: form.shipMethod === 'hold' && form.shipDate ? form.shipDate : null,
});

const billingOf = (form: CheckoutForm) =>
  form.delivery === 'delivery' && !form.billingSame ? form.billing : null;

/**
 * seeds 001 §7 cart/saveAddress: what to price, once the choice is complete (pickup, or a delivery
 * address with every field); null while it is not.
 */
export function quoteInputOf(ref: CartRef, form: CheckoutForm): InputOf<'saveAddress'> | null {
  if (form.delivery === 'pickup') return { ...ref, delivery: 'pickup', address: null, billing_address: null };
  if (!isCompleteAddress(form.address)) return null;
  // The hold is priced once its date is chosen.
  if (form.shipMethod === 'hold' && !form.shipDate) return null;
  const billing = billingOf(form);
  return {
    ...ref,
    delivery: 'delivery',
    ...shipChoiceOf(form),
    address: form.address,
    // A billing address still being typed is not priced: the tax follows the delivery address alone.
    billing_address: billing && isCompleteAddress(billing) ? billing : null,
  };
}

/**
 * The payment as the API takes it: a new card (`element`: no card on file, none in the order), PayPal
 * (and no card) when chosen, else the card; the wallet first either way.
 */
const paymentOf = (form: CheckoutForm): CheckoutInput['payment'] => {
  if (form.newCard) return { use_wallet: form.useWallet, element: true };
  if (form.gateway) return { use_wallet: form.useWallet, card_id: null, gateway: form.gateway };
  return form.paypal
    ? { use_wallet: form.useWallet, card_id: null, paypal: true }
    : { use_wallet: form.useWallet, card_id: form.cardId };
};

/** seeds 001 §7 cart/checkout: the order as the API takes it. */
export function checkoutInputOf(ref: CartRef, form: CheckoutForm): CheckoutInput {
  return {
    ...ref,
    delivery: form.delivery,
    address: form.delivery === 'delivery' ? form.address : null,
    billing_address: billingOf(form),
    ...(form.delivery === 'delivery' ? shipChoiceOf(form) : {}),
    payment: paymentOf(form),
  };
}

/** seeds 001 §7 offline/payCartOffline: the order without a payment; finance records the money later. */
export function placeOrderInputOf(ref: CartRef, form: CheckoutForm): InputOf<'payCartOffline'> {
  const { payment: _, ...order } = checkoutInputOf(ref, form);
  return order;
}

/** The order as 'Place order' sends it: to checkout (paid now) or to payCartOffline (paid later). */
export type OrderRequest =
  | { action: 'checkout'; input: CheckoutInput }
  | { action: 'payCartOffline'; input: InputOf<'payCartOffline'> };

export function orderRequestOf(ref: CartRef, form: CheckoutForm): OrderRequest {
  return form.method === 'offline'
    ? { action: 'payCartOffline', input: placeOrderInputOf(ref, form) }
    : { action: 'checkout', input: checkoutInputOf(ref, form) };
}

/** Where the checkout page shows what is wrong with the order. */
export interface CheckoutProblems {
  address: AddressErrors;
  billing: AddressErrors;
  /** Of the whole delivery address (missing, or refused by the server: ADDRESS_INVALID). */
  addressProblem: string | null;
  payment: string | null;
  /** Issue 31: the hold's ship date (missing, or outside the window). */
  shipDate?: string | null;
}

export const noProblems: CheckoutProblems = { address: {}, billing: {}, addressProblem: null, payment: null };

const addressFields = new Set<PropertyKey>(['address1', 'address2', 'city', 'state', 'zip']);

/** The contract's own messages (CheckoutInput), each where its field is on the page. */
export function problemsOf(issues: readonly z.core.$ZodIssue[]): CheckoutProblems {
  const problems: CheckoutProblems = { address: {}, billing: {}, addressProblem: null, payment: null };
  for (const issue of issues) {
    const [top, field] = issue.path;
    if ((top === 'address' || top === 'billing_address') && addressFields.has(field ?? '')) {
      const errors = top === 'address' ? problems.address : problems.billing;
      errors[field as keyof AddressErrors] ??= issue.message;
    } else if (top === 'address') problems.addressProblem ??= issue.message;
    else if (top === 'payment') problems.payment ??= issue.message;
    else if (top === 'ship_date') problems.shipDate ??= issue.message;
  }
  return problems;
}

/** Checks the order against the contract before it is sent. */
export function validateCheckout(input: CheckoutInput) {
  return CheckoutInput.safeParse(input);
}

/** Checks an order of either kind against its action's contract; the issues say what is wrong. */
export function validateOrder(order: OrderRequest) {
  return order.action === 'checkout'
    ? CheckoutInput.safeParse(order.input)
    : PlaceOrderInput.safeParse(order.input);
}

/** A payment on an invoice as a refund sees it: how it was paid, how much, how much went back already. */
export interface RefundablePayment {
  method: 'card' | 'wallet' | 'giftcard' | 'offline' | 'paypal' | 'gateway';
  amount: number;
  refunded: number;
}

/**
 * A card (or PayPal) payment that can take `amount` back: what it charged, less what was refunded to
 * it. `card` is the way the money came: a PayPal capture's refund goes back through PayPal.
 */
export const cardCanTake = (payments: readonly RefundablePayment[], amount: number): boolean =>
  payments.some((p) => (p.method === 'card' || p.method === 'paypal') && p.amount - p.refunded >= amount);

/**
 * Where a return's refund goes when whoever decides does not say: the way it was paid, so to the card
 * (or PayPal) when such a payment of the invoice can take it back, else to the wallet (gift cards,
 * offline payments and wallet payments are refunded as wallet credit).
 */
export const defaultRefundTo = (payments: readonly RefundablePayment[], amount: number): 'card' | 'wallet' =>
  cardCanTake(payments, amount) ? 'card' : 'wallet';

import { type LotView, remainingStock } from '@wine/contracts';
import { dollarsToCents } from '../../lib/format.ts';

/**
 * Issue 36: a lot takes offers while it sells at a fixed price only (buy now, no auction) and has
 * bottles left, or once its auction closed unsold; never from its own seller. The server decides
 * (OFFERS_NOT_TAKEN); this only decides whether the page offers the button.
 */
export function takesOffers(lot: LotView, serverNow: number): boolean {
  if (lot.own_lot === 1) return false;
  if (lot.market_status === 'unsold') return lot.auction === 1 && remainingStock(lot.qty, lot.sold) > 0;
  return (
    lot.market_status === 'open' &&
    lot.buynow === 1 &&
    lot.auction === 0 &&
    lot.bprice !== null &&
    !lot.future_active &&
    Date.parse(lot.date_added) <= serverNow &&
    remainingStock(lot.qty, lot.sold) > 0
  );
}

/** The terms as typed: a price in dollars and a number of bottles. */
export interface TermsValues {
  price: string;
  qty: string;
}

/**
 * The typed terms as the API takes them: the price in whole cents (NaN when it is not an amount of
 * dollars and cents, so the contract's message says so) and the bottles (NaN unless a whole number).
 */
export function termsOf(values: TermsValues): { price: number; qty: number } {
  const cents = dollarsToCents(values.price);
  const qty = values.qty.trim();
  return { price: cents ?? Number.NaN, qty: /^\d+$/.test(qty) ? Number(qty) : Number.NaN };
}

/** Cents as the price field shows them: '85.50' for 8550. */
export const dollarsOf = (cents: number): string => (cents / 100).toFixed(2);

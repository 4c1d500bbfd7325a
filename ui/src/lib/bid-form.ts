import { bidMessages, buyNowMessages, type LotView, MAX_BID_CENTS } from '@wine/contracts';
import { dollarsToCents } from './format.ts';

/**
 * seeds 000 §5 "Bid amount (wsprice)": required ('Select bid amount'), a number ('Numbers only!'),
 * at least next_bid ('Min. Bid {amount}'); the same texts the server answers.
 */
export function checkBidAmount(text: string, nextBid: number): { cents: number } | { error: string } {
  if (text.trim() === '') return { error: bidMessages.selectAmount };
  const cents = dollarsToCents(text);
  if (cents === null) return { error: bidMessages.numbersOnly };
  if (cents < nextBid) return { error: bidMessages.minBid(nextBid) };
  if (cents > MAX_BID_CENTS) return { error: bidMessages.capped };
  return { cents };
}

type QuantityLot = Pick<
  LotView,
  'qty' | 'sold' | 'bid_count' | 'minimumquantity' | 'enforceminqtyinternally'
>;

const remaining = (lot: QuantityLot) => Math.max(0, lot.qty - lot.sold);

/**
 * seeds 000 §5 "Initial quantity": the remaining stock if the lot has bids; the minimum quantity if
 * it is enforced; otherwise 1 if stock remains, else 0.
 */
export function initialQuantity(lot: QuantityLot): number {
  if (lot.bid_count > 0) return remaining(lot);
  if (lot.enforceminqtyinternally === 1) return lot.minimumquantity;
  return remaining(lot) > 0 ? 1 : 0;
}

/** seeds 000 §5 buy-now quantity rules, with their messages; null when the quantity may be bought. */
export function checkQuantity(lot: QuantityLot, qty: number | null): string | null {
  if (qty === null || !Number.isInteger(qty) || qty < 1) return buyNowMessages.enterQuantity;
  const left = remaining(lot);
  if (lot.bid_count > 0 && qty !== left) return buyNowMessages.minQuantity(left);
  if (lot.enforceminqtyinternally === 1 && qty < lot.minimumquantity) {
    return buyNowMessages.minQuantity(lot.minimumquantity);
  }
  if (qty > left) return buyNowMessages.maxQuantity(left);
  return null;
}

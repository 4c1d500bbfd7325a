import { buyNowMessages } from '../bidding/messages.ts';

/** seeds 000 §4.4 / §9: an auction lot shows buy now while the per-unit price is below bprice + 20%... */
export const BUY_NOW_PRICE_MARGIN = 1.2;
/** ...and at least 2 days remain. */
export const BUY_NOW_MIN_DAYS_LEFT = 2;
const DAY_MS = 24 * 3600_000;

/** What buy-now availability is judged on; the lot decider and the lot page map their own lot to it. */
export interface BuyNowOffer {
  /** Open for sale (not closed, sold, unsold or withdrawn). */
  open: boolean;
  auction: boolean;
  buyNow: boolean;
  /** Cents a unit; null when the lot has no buy-now price. */
  buyNowPrice: number | null;
  /** The current auction price of the whole lot, cents. */
  currentPrice: number;
  /** The bottles that price is for: the lot's quantity less what buy now sold (the auction sells the rest). */
  quantity: number;
  /** Epoch milliseconds. */
  startsAt: number;
  closesAt: number;
}

/**
 * seeds 000 §4.4: buy now needs an open lot that has started; auction-only lots never; buy-now-only
 * lots always; auction plus buy-now lots while the per-unit current price is below the buy-now price
 * plus 20% and at least 2 days remain before the (extended) close, by the server clock.
 */
export function buyNowAvailable(offer: BuyNowOffer, now: number): boolean {
  if (!offer.open || !offer.buyNow || offer.buyNowPrice === null) return false;
  if (now < offer.startsAt || now >= offer.closesAt) return false;
  if (!offer.auction) return true;
  const perUnit = offer.currentPrice / Math.max(1, offer.quantity);
  const daysLeft = (offer.closesAt - now) / DAY_MS;
  return perUnit < offer.buyNowPrice * BUY_NOW_PRICE_MARGIN && daysLeft >= BUY_NOW_MIN_DAYS_LEFT;
}

/** The stock a buyer can still take: the lot's quantity less what is sold, never below 0. */
export const remainingStock = (quantity: number, sold: number): number => Math.max(0, quantity - sold);

/** What the quantity rules of seeds 000 §5 are judged on. */
export interface QuantityTerms {
  remaining: number;
  bidCount: number;
  enforceMinimum: boolean;
  minimumQuantity: number;
}

/**
 * seeds 000 §5 "Initial quantity": the remaining stock if the lot has bids; the minimum quantity if
 * it is enforced; otherwise 1 if stock remains, else 0.
 */
export function initialQuantity(terms: QuantityTerms): number {
  if (terms.bidCount > 0) return terms.remaining;
  if (terms.enforceMinimum) return terms.minimumQuantity;
  return terms.remaining > 0 ? 1 : 0;
}

export type QuantityProblem =
  | { rule: 'soldOut' }
  | { rule: 'enterQuantity' }
  | { rule: 'minQuantity' | 'maxQuantity'; count: number };

/**
 * seeds 000 §5 buy-now quantity rules; null when `qty` may be bought. A lot that already has bids is
 * sold whole (the quantity must be all that remains); an enforced minimum holds; no lot sells more
 * than it holds (DOMAIN.md: no oversell). With nothing left, whatever the quantity, the lot is sold out
 * (not 'Max Quantity 0').
 */
export function quantityProblem(terms: QuantityTerms, qty: number | null): QuantityProblem | null {
  if (terms.remaining <= 0) return { rule: 'soldOut' };
  if (qty === null || !Number.isInteger(qty) || qty < 1) return { rule: 'enterQuantity' };
  if (terms.bidCount > 0 && qty !== terms.remaining) return { rule: 'minQuantity', count: terms.remaining };
  if (terms.enforceMinimum && qty < terms.minimumQuantity) {
    return { rule: 'minQuantity', count: terms.minimumQuantity };
  }
  if (qty > terms.remaining) return { rule: 'maxQuantity', count: terms.remaining };
  return null;
}

/** The seeds' text of a quantity problem, in the current language. */
export function quantityMessage(problem: QuantityProblem): string {
  switch (problem.rule) {
    case 'soldOut':
      return buyNowMessages.soldOut;
    case 'enterQuantity':
      return buyNowMessages.enterQuantity;
    case 'minQuantity':
      return buyNowMessages.minQuantity(problem.count);
    case 'maxQuantity':
      return buyNowMessages.maxQuantity(problem.count);
    default: {
      const _exhaustive: never = problem;
      return _exhaustive;
    }
  }
}

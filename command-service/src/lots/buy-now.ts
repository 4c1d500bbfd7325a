import {
  BUY_NOW_MIN_DAYS_LEFT,
  BUY_NOW_PRICE_MARGIN,
  buyNowMessages,
  buyNowUnitPrice,
} from '@wine/contracts';
import { AppError } from '@wine/platform';
import { commandErrors } from '../errors.ts';
import type { Lot } from './lot.ts';

const DAY_MS = 24 * 3600_000;
const unavailable = () => new AppError('BUY_NOW_UNAVAILABLE', buyNowMessages.unavailable, 409, 'product_id');
const quantity = (message: string) => new AppError('BUY_NOW_QUANTITY', message, 400, 'qty');

/**
 * seeds 000 §4.4: buy now needs an open lot that has started; auction-only lots never; buy-now-only
 * lots always; auction plus buy-now lots while the per-unit current price is below the buy-now price
 * plus 20% and at least 2 days remain before the (extended) close, by the server clock.
 */
export function buyNowAvailable(state: Lot, now: Date): boolean {
  if (state.status !== 'open') return false;
  const { lot } = state;
  if (!lot.buyNow || lot.buyNowPrice === null) return false;
  if (now.getTime() < Date.parse(lot.startsAt) || now.getTime() >= Date.parse(lot.closesAt)) return false;
  if (!lot.auction) return true;
  const perUnit = state.price / Math.max(1, lot.quantity);
  const daysLeft = (Date.parse(lot.closesAt) - now.getTime()) / DAY_MS;
  return perUnit < lot.buyNowPrice * BUY_NOW_PRICE_MARGIN && daysLeft >= BUY_NOW_MIN_DAYS_LEFT;
}

/**
 * The unit price of `qty` bottles bought now, after every quantity rule of seeds 000 §5; throws the
 * seeds' message otherwise. Stock is not held here: checkout reserves it (DOMAIN.md "Buy now and cart").
 */
export function buyNowLine(state: Lot, qty: number, buyerId: string, now: Date): { unitPrice: number } {
  if (state.status === 'empty') throw commandErrors.lotNotFound();
  if (!buyNowAvailable(state, now)) throw unavailable();
  const { lot } = state;
  if (lot.sellerId === buyerId) throw new AppError('OWN_LOT', buyNowMessages.ownLot, 403, 'product_id');
  const remaining = lot.quantity;
  // A lot that already has bids is sold whole: the quantity must be all that remains.
  if (state.bidCount > 0 && qty !== remaining) throw quantity(buyNowMessages.minQuantity(remaining));
  if (lot.enforceMinimumQuantity && qty < lot.minimumQuantity) {
    throw quantity(buyNowMessages.minQuantity(lot.minimumQuantity));
  }
  // 'Pre-arrival' stock is the seeds' case; no lot sells more than it holds (DOMAIN.md: no oversell).
  if (qty > remaining) throw quantity(buyNowMessages.maxQuantity(remaining));
  const discounts = lot.discounts.map((d) => ({ quantity: d.quantity, bprice: d.price }));
  return { unitPrice: buyNowUnitPrice(lot.buyNowPrice as number, discounts, qty) };
}

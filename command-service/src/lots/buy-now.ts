import {
  buyNowUnitPrice,
  buyNowAvailable as offerAvailable,
  quantityMessage,
  quantityProblem,
} from '@wine/contracts';
import { AppError } from '@wine/platform';
import { availableAt, invitedTo, type Lot } from './lot.ts';

/** The lot's state as the shared buy-now rule reads it (contracts carts/buy-now.ts). */
export function buyNowAvailable(state: Lot, now: Date): boolean {
  if (state.status === 'empty') return false;
  const { lot } = state;
  return offerAvailable(
    {
      open: state.status === 'open',
      auction: lot.auction,
      buyNow: lot.buyNow,
      buyNowPrice: lot.buyNowPrice,
      currentPrice: state.price,
      // The auction's price is for the bottles it still sells: those buy now has not sold.
      quantity: lot.quantity - state.sold,
      startsAt: Date.parse(lot.startsAt),
      closesAt: Date.parse(lot.closesAt),
    },
    now.getTime(),
  );
}

/** Nothing left to buy (seeds 000 §5 would say 'Max Quantity 0'): the lot is sold out. */
const soldOut = () => new AppError('LOT_SOLD_OUT', { message: 'buyNow.soldOut', field: 'product_id' });

/**
 * The unit price of `qty` bottles bought now, after every quantity rule of seeds 000 §5 (shared with
 * the lot page); throws the seeds' message otherwise. Stock is not held here: checkout reserves it
 * (DOMAIN.md "Buy now and cart"); what remains is what is neither sold nor held by a live checkout.
 */
export function buyNowLine(state: Lot, qty: number, buyerId: string, now: Date): { unitPrice: number } {
  if (state.status === 'empty') throw new AppError('LOT_NOT_FOUND');
  // Issue 36 §5: a private sale is not there for a buyer who was not invited.
  if (state.status !== 'draft' && !invitedTo(state, buyerId)) throw new AppError('LOT_NOT_FOUND');
  const { lot } = state;
  // A lot whose every bottle is sold says so, even once its auction ended with the last sale.
  if (lot.quantity - state.sold <= 0) throw soldOut();
  if (!buyNowAvailable(state, now)) throw new AppError('BUY_NOW_UNAVAILABLE');
  if (lot.sellerId === buyerId)
    throw new AppError('OWN_LOT', { message: 'buyNow.ownLot', field: 'product_id' });
  const problem = quantityProblem(
    {
      remaining: availableAt(state, now.getTime()),
      bidCount: state.bidCount,
      enforceMinimum: lot.enforceMinimumQuantity,
      minimumQuantity: lot.minimumQuantity,
    },
    qty,
  );
  if (problem?.rule === 'soldOut') throw soldOut();
  if (problem) throw new AppError('BUY_NOW_QUANTITY', { text: quantityMessage(problem) });
  const discounts = lot.discounts.map((d) => ({ quantity: d.quantity, bprice: d.price }));
  return { unitPrice: buyNowUnitPrice(lot.buyNowPrice as number, discounts, qty) };
}

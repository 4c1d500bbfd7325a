import { type BuyNowOffer, type LotView, type QuantityTerms, remainingStock } from '@wine/contracts';

/**
 * The lot page's lot as the shared buy-now rule reads it (contracts carts/buy-now.ts), as the lot
 * decider maps its own: the rule itself lives there alone.
 */
export function buyNowOfferOf(lot: LotView): BuyNowOffer {
  return {
    open: lot.market_status === 'open' && !lot.future_active,
    auction: lot.auction === 1,
    buyNow: lot.buynow === 1,
    buyNowPrice: lot.bprice,
    currentPrice: lot.wprice,
    // The auction's price is for the bottles buy now has not sold (contracts carts/buy-now.ts).
    quantity: remainingStock(lot.qty, lot.sold),
    // The server starts a lot at date_added (its startsAt) and answers future_active while that is
    // still ahead by its clock (projection lots/view.ts). A lot it called started has started,
    // whatever this browser's clock says; one it did not starts at date_added.
    startsAt: lot.future_active ? Date.parse(lot.date_added) : Number.NEGATIVE_INFINITY,
    closesAt: Date.parse(lot.date_closed),
  };
}

/** The lot as the shared quantity rules of seeds 000 §5 read it (contracts carts/buy-now.ts). */
export function quantityTermsOf(
  lot: Pick<LotView, 'qty' | 'sold' | 'bid_count' | 'minimumquantity' | 'enforceminqtyinternally'>,
): QuantityTerms {
  return {
    remaining: remainingStock(lot.qty, lot.sold),
    bidCount: lot.bid_count,
    enforceMinimum: lot.enforceminqtyinternally === 1,
    minimumQuantity: lot.minimumquantity,
  };
}

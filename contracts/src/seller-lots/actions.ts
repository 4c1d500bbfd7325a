import { z } from 'zod';
import { action } from '../action.ts';
import { LotPage } from '../lots/lot-document.ts';
import { sellerLotsPageSizes } from './page-sizes.ts';

/**
 * A page of the caller's own lots. There is no seller id in it: the lots are always the caller's,
 * taken from the session (a body naming someone else is refused as an unknown key).
 */
export const SellerLotsInput = z.strictObject({
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.literal(sellerLotsPageSizes).default(25),
});
export type SellerLotsInput = z.input<typeof SellerLotsInput>;

/**
 * seeds 000 §2.3 /myWines/selling, /myWines/sold; 001 §2 "seller lists". Any signed-in user may ask:
 * one who sells nothing gets an empty page. Sold lots carry the price (`buynowamount`, 'Sold Price')
 * and the close date, never the buyer.
 */
export const sellerLotActions = {
  /** The caller's lots for sale (market_status open, those not started yet included), closing soonest first. */
  mySellingLots: action({
    path: '/api/seller/mySellingLots',
    side: 'query',
    auth: 'user',
    input: SellerLotsInput,
    output: LotPage,
  }),
  /** The caller's sold lots (market_status sold), closed most recently first. */
  mySoldLots: action({
    path: '/api/seller/mySoldLots',
    side: 'query',
    auth: 'user',
    input: SellerLotsInput,
    output: LotPage,
  }),
} as const;

import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { multilineText } from '../text.ts';
import { offerDeclineReasons, offerFilters } from './offer-filters.ts';

/**
 * Issue 36: offers and private sales (seeds 000 §1 "private sales and offers"; seeds 001 §3, §6, §7
 * makeoffer/addToMakeoffer, makeoffer/search, changeOfferStatus, adminoffers, the temporary cart's
 * addToCartTemp, checkouttemp, searchTemp, changeStatusTemp, and ttwbidTemp's second chance).
 */

const Id = z.string().trim().min(1).max(64);

/** A price a bottle in whole cents, at least one cent (DOMAIN.md "Money": money is integer cents). */
export const OfferPrice = z
  .number(lazy(() => t('errors.OFFER_PRICE')))
  .int(lazy(() => t('errors.OFFER_PRICE')))
  .min(
    1,
    lazy(() => t('errors.OFFER_PRICE')),
  )
  .max(
    100_000_000,
    lazy(() => t('errors.OFFER_PRICE')),
  );

/** Bottles: a whole number from 1 (the lot decider judges what is available). */
export const OfferQty = z
  .number(lazy(() => t('offers.qtyWhole')))
  .int(lazy(() => t('offers.qtyWhole')))
  .min(
    1,
    lazy(() => t('offers.qtyWhole')),
  )
  .max(10_000);

/** makeoffer/addToMakeoffer: a buyer's offer on a lot (a new one replaces their earlier open offer). */
export const MakeOfferInput = z.strictObject({
  product_id: Id,
  qty: OfferQty,
  price: OfferPrice,
});
export type MakeOfferInput = z.input<typeof MakeOfferInput>;

/** An offer, named by its lot and its id. */
export const OfferRef = z.strictObject({ product_id: Id, offer_id: Id });
export type OfferRef = z.input<typeof OfferRef>;

/** The answer's price and quantity, required when countering. */
const counterNeedsTerms = (input: { status: string; price?: number; qty?: number }) =>
  input.status !== 'counter' || (input.price !== undefined && input.qty !== undefined);
const counterIssue = { error: lazy(() => t('offers.counterTerms')).error, path: ['price'] };

/**
 * buynowtemp/changeStatusTemp: the buyer's answer to an offer they made: decline the seller's
 * counter, counter once more, or withdraw it (accepting goes through addToCartTemp).
 */
export const BuyerOfferAnswerInput = OfferRef.extend({
  status: z.enum(['decline', 'counter', 'withdraw']),
  price: OfferPrice.optional(),
  qty: OfferQty.optional(),
}).refine(counterNeedsTerms, counterIssue);
export type BuyerOfferAnswerInput = z.input<typeof BuyerOfferAnswerInput>;

/** seller changeOfferStatus: the seller's side (the lot's seller, or an admin) accepts, declines or counters. */
export const StaffOfferAnswerInput = OfferRef.extend({
  status: z.enum(['accept', 'decline', 'counter']),
  reason: z.enum(offerDeclineReasons).optional(),
  note: multilineText('Note').max(500).default(''),
  price: OfferPrice.optional(),
  qty: OfferQty.optional(),
})
  .refine(counterNeedsTerms, counterIssue)
  .refine((input) => input.status !== 'decline' || input.reason !== undefined, {
    error: lazy(() => t('offers.reasonRequired')).error,
    path: ['reason'],
  });
export type StaffOfferAnswerInput = z.input<typeof StaffOfferAnswerInput>;

/** The seller's side offers a lot whose reserve was not met to its top bidder (the reserve by default). */
export const SecondChanceInput = z.strictObject({
  product_id: Id,
  price: OfferPrice.nullable().default(null),
});
export type SecondChanceInput = z.input<typeof SecondChanceInput>;

export const OfferListInput = z.strictObject({
  status: z.enum(offerFilters).default('all'),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.literal([10, 25, 50, 100]).default(25),
});
export type OfferListInput = z.input<typeof OfferListInput>;

/** One step of an offer's history: who did what, at which price. */
export const OfferStep = z.object({
  at: z.string(),
  by: z.enum(['buyer', 'seller', 'house']),
  action: z.enum(['made', 'countered', 'accepted', 'declined', 'withdrawn', 'replaced', 'expired', 'paid']),
  price: z.number().nullable(),
  qty: z.number().nullable(),
  reason: z.string().nullable(),
});
export type OfferStep = z.infer<typeof OfferStep>;

/**
 * An offer as its lists show it. `status`: where it stands (`open` waits for the seller's side,
 * `countered` for the buyer); `turn` says whose answer it waits for; prices are cents a bottle.
 */
export const OfferView = z.object({
  id: z.string(),
  product_id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  kind: z.enum(['offer', 'second_chance']),
  status: z.enum(['open', 'countered', 'accepted', 'declined', 'expired', 'withdrawn']),
  turn: z.enum(['seller', 'buyer']).nullable(),
  qty: z.number(),
  price: z.number(),
  /** The buyer's first price. */
  offered_price: z.number(),
  /** The lot's asking price a bottle (buy now's, or the reserve for a second chance); null when none. */
  asking_price: z.number().nullable(),
  counters: z.number(),
  max_counters: z.number(),
  made_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string(),
  reason: z.string().nullable(),
  /** Once accepted: the invoice to pay, and whether it was paid. */
  invoice_id: z.string().nullable(),
  paid: z.boolean(),
  history: z.array(OfferStep),
  /** The staff's lists only: who offered (the buyer's own list shows nothing of others). */
  buyer_name: z.string().nullable(),
  buyer_email: z.string().nullable(),
  seller_id: z.string().nullable(),
});
export type OfferView = z.infer<typeof OfferView>;

export const OfferPage = z.object({
  records: z.array(OfferView),
  totalRecords: z.number(),
  setDisp: z.number(),
});
export type OfferPage = z.infer<typeof OfferPage>;

/** What an answer leaves: the offer's status, and the invoice when it was accepted. */
export const OfferResult = z.object({
  offer_id: z.string(),
  status: OfferView.shape.status,
  invoice_id: z.string().nullable(),
});
export type OfferResult = z.infer<typeof OfferResult>;

/** carttemp/pendingCountTemp: accepted offers waiting to be paid. */
export const PendingTempCount = z.object({ totalRecords: z.number() });

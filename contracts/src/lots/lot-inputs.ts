import {
  Attachment,
  CapsuleConditions,
  Colours,
  DiscountRow,
  FillLevels,
  LabelConditions,
  type LotListedV2,
  Packings,
  Scores,
} from '@wine/event-schemas';
import { z } from 'zod';
import { multilineText, plainText } from '../text.ts';

/** The seller of the merchant's own lots (listed by an admin): named as the merchant wherever a seller is shown. */
export const HOUSE_SELLER_ID = 'house';

/** The wine colours and critic score keys a lot may carry, for the editor's lists. */
export {
  CapsuleConditions,
  Colours,
  FillLevels,
  LabelConditions,
  Packings,
  ScoreKeys,
} from '@wine/event-schemas';

const Cents = z.number().int('must be whole cents').min(0).max(99_999_999, 'must be at most $999,999.99');
const isoDate = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });

// The text a buyer reads: refused when it holds control, bidi or invisible characters (text.ts).
const Title = plainText('Title').min(1, 'Required!').max(300);
const Producer = plainText('Producer').min(1, 'Required!').max(200);
const Country = plainText('Country').min(1, 'Required!').max(100);
const Region = plainText('Region').max(100);
const Subregion = plainText('Subregion').max(100);
const BottleSize = plainText('Bottle size').min(1).max(40);
const Description = multilineText('Description').max(20_000);
const Availability = plainText('Availability').max(40);
const MetaTitle = plainText('Meta title').max(300);
const MetaDescription = multilineText('Meta description').max(1000);
const MetaKeywords = plainText('Keywords').max(1000);
const Estimate = Cents.nullable();

/** The condition record, each part chosen from its list (issue 33); the note is free text. */
export const ConditionInput = z.strictObject({
  fillLevel: z.enum(FillLevels).nullable().default(null),
  label: z.enum(LabelConditions).nullable().default(null),
  capsule: z.enum(CapsuleConditions).nullable().default(null),
  packing: z.enum(Packings).nullable().default(null),
  notes: multilineText('Condition notes').max(1000).default(''),
});

/** The title and description in Spanish; a blank title shows the English one. */
export const SpanishInput = z.strictObject({
  title: plainText('Spanish title').max(300).default(''),
  description: multilineText('Spanish description').max(20_000).default(''),
});

/** A lot's estimates and reserve, as far as the rule below reads them. */
export interface EstimatedLot {
  lowEstimate?: number | null;
  highEstimate?: number | null;
  reserve: number | null;
  reserveConfirmed?: boolean;
}

/**
 * DOMAIN.md "Sellers" (HDH's and Zachys' terms): the high estimate is not below the low one, and the
 * confidential reserve is at most the low estimate unless an admin confirms it. The one place the rule
 * lives: the lot decider refuses with these codes, the editor's schema shows them on the field.
 */
export function estimateProblem(lot: EstimatedLot): 'ESTIMATES_ORDER' | 'RESERVE_OVER_ESTIMATE' | null {
  const low = lot.lowEstimate ?? null;
  const high = lot.highEstimate ?? null;
  if (low !== null && high !== null && high < low) return 'ESTIMATES_ORDER';
  if (lot.reserve !== null && low !== null && lot.reserve > low && !lot.reserveConfirmed)
    return 'RESERVE_OVER_ESTIMATE';
  return null;
}

/** The refusals of estimateProblem on the field at fault, as the editor shows them. */
const estimateIssues = {
  ESTIMATES_ORDER: { path: ['highEstimate'], message: 'The high estimate cannot be below the low estimate' },
  RESERVE_OVER_ESTIMATE: {
    path: ['reserve'],
    message: 'The reserve is above the low estimate: an admin must confirm it',
  },
} as const;

/**
 * Issue 36: a lot's offer answers, hidden from buyers: offers at or above `autoAccept` are accepted at
 * once, below `autoDecline` declined at once (cents a bottle; null: that answer waits for the seller).
 */
export const OfferRules = z
  .strictObject({ autoAccept: Cents.nullable(), autoDecline: Cents.nullable() })
  .refine((r) => r.autoAccept === null || r.autoDecline === null || r.autoDecline <= r.autoAccept, {
    message: 'the auto-decline price cannot be above the auto-accept price',
    path: ['autoDecline'],
  });

/** Admin / seller lot creation (DOMAIN.md "Lots and auctions"). Money in integer cents. */
export const CreateLotInput = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'letters, digits, - and _ only')
      .optional(),
    sku: plainText('SKU').min(1).max(64).optional(),
    lotNumber: plainText('Lot number').max(32).nullable().default(null),
    auctionId: plainText('Auction id').max(64).nullable().default(null),
    title: Title,
    producer: Producer,
    vintage: z.number().int().min(1800).max(2100).nullable().default(null),
    country: Country,
    region: Region.default(''),
    subregion: Subregion.default(''),
    colour: z.enum(Colours),
    bottleSize: BottleSize.default('750ml'),
    scores: Scores.default({}),
    description: Description.default(''),
    images: z.array(Attachment).max(50).default([]),
    quantity: z.number().int().min(1).max(100_000),
    minimumQuantity: z.number().int().min(1).default(1),
    enforceMinimumQuantity: z.boolean().default(false),
    availability: Availability.nullable().default(null),
    auction: z.boolean(),
    buyNow: z.boolean(),
    openingBid: Cents.default(0),
    reserve: Cents.nullable().default(null),
    buyNowPrice: Cents.nullable().default(null),
    discounts: z.array(DiscountRow).max(20).default([]),
    startsAt: isoDate.optional(),
    closesAt: isoDate,
    meta: z
      .strictObject({
        title: MetaTitle.default(''),
        description: MetaDescription.default(''),
        keywords: MetaKeywords.default(''),
      })
      .optional(),
    lowEstimate: Estimate.default(null),
    highEstimate: Estimate.default(null),
    reserveConfirmed: z.boolean().default(false),
    condition: ConditionInput.nullable().default(null),
    locationId: z.number().int().min(1).max(1_000_000).nullable().default(null),
    spanish: SpanishInput.nullable().default(null),
    /** Issue 36: the hidden prices that answer offers at once (cents a bottle). */
    offerRules: OfferRules.nullable().default(null),
    /** Issue 36 §5: seen and bought only by invited buyers, by offer or at the fixed price. */
    privateSale: z.boolean().default(false),
  })
  .superRefine((lot, ctx) => {
    if (lot.privateSale && lot.auction) {
      ctx.addIssue({
        code: 'custom',
        path: ['privateSale'],
        message: 'a private sale is sold by offer or at a fixed price, not at auction',
      });
    }
    const estimate = estimateProblem(lot);
    if (estimate) {
      const { path, message } = estimateIssues[estimate];
      ctx.addIssue({ code: 'custom', path: [...path], message });
    }
    if (!lot.auction && !lot.buyNow) {
      ctx.addIssue({
        code: 'custom',
        path: ['auction'],
        message: 'a lot is sold at auction, by buy now, or both',
      });
    }
    if (lot.buyNow && lot.buyNowPrice === null) {
      ctx.addIssue({ code: 'custom', path: ['buyNowPrice'], message: 'a buy-now lot needs a buy-now price' });
    }
    if (lot.auction && lot.openingBid < 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['openingBid'],
        message: 'an auction lot opens at $1.00 or more',
      });
    }
    if (lot.startsAt && Date.parse(lot.startsAt) >= Date.parse(lot.closesAt)) {
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'closesAt must be after startsAt' });
    }
    if (lot.minimumQuantity > lot.quantity) {
      ctx.addIssue({ code: 'custom', path: ['minimumQuantity'], message: 'cannot exceed quantity' });
    }
  });
export type CreateLotInput = z.input<typeof CreateLotInput>;

export const LotIdInput = z.strictObject({ id: z.string().min(1).max(64) });

// Keeps the wire input and the event in step: every event field is either in the input or derived.
type _EventFieldsCovered = Exclude<
  keyof z.infer<typeof LotListedV2>,
  keyof z.output<typeof CreateLotInput> | 'lotId' | 'sellerId' | 'relistedFrom' | 'source'
>;
const _covered: [_EventFieldsCovered] extends [never] ? true : false = true;
void _covered;

/** Admin or seller changes to an open lot: any listed field but the kind of sale and the start. */
export const UpdateLotInput = z
  .strictObject({
    id: z.string().min(1).max(64),
    title: Title,
    producer: Producer,
    vintage: z.number().int().min(1800).max(2100).nullable(),
    country: Country,
    region: Region,
    subregion: Subregion,
    colour: z.enum(Colours),
    bottleSize: BottleSize,
    scores: Scores,
    description: Description,
    images: z.array(Attachment).max(50),
    availability: Availability.nullable(),
    meta: z.strictObject({ title: MetaTitle, description: MetaDescription, keywords: MetaKeywords }),
    quantity: z.number().int().min(1).max(100_000),
    minimumQuantity: z.number().int().min(1),
    enforceMinimumQuantity: z.boolean(),
    openingBid: Cents,
    reserve: Cents.nullable(),
    buyNowPrice: Cents.nullable(),
    discounts: z.array(DiscountRow).max(20),
    closesAt: isoDate,
    lowEstimate: Estimate,
    highEstimate: Estimate,
    reserveConfirmed: z.boolean(),
    condition: ConditionInput.nullable(),
    locationId: z.number().int().min(1).max(1_000_000).nullable(),
    spanish: SpanishInput.nullable(),
    offerRules: OfferRules.nullable(),
  })
  .partial()
  .required({ id: true })
  .refine((input) => Object.keys(input).length > 1, { message: 'nothing to change', path: ['id'] });
export type UpdateLotInput = z.input<typeof UpdateLotInput>;

export const WithdrawLotInput = z.strictObject({
  id: z.string().min(1).max(64),
  reason: multilineText('Reason').min(1, 'Required!').max(500),
});

/**
 * Offers a withdrawn or unsold lot again as a new lot, with its listed fields and the bottles left, for a
 * new opening and close (a new auction and lot number are given in the new lot's editor).
 */
export const RelistLotInput = z
  .strictObject({
    id: z.string().min(1).max(64),
    startsAt: isoDate.optional(),
    closesAt: isoDate,
  })
  .refine((input) => !input.startsAt || Date.parse(input.startsAt) < Date.parse(input.closesAt), {
    message: 'closesAt must be after startsAt',
    path: ['closesAt'],
  });
export type RelistLotInput = z.input<typeof RelistLotInput>;

/** seeds 000 §7 getAllSimilarProducts: three, closing soonest, never the lot itself. */
export const SimilarProductsInput = z.strictObject({
  id: z.string().min(1).max(64),
  limit: z.number().int().min(1).max(12).default(3),
});

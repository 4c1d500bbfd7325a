import { Attachment, Colours, DiscountRow, type LotListedV2, Scores } from '@wine/event-schemas';
import { z } from 'zod';
import { multilineText, plainText } from '../text.ts';

/** The seller of the merchant's own lots (listed by an admin): named as the merchant wherever a seller is shown. */
export const HOUSE_SELLER_ID = 'house';

/** The wine colours and critic score keys a lot may carry, for the editor's lists. */
export { Colours, ScoreKeys } from '@wine/event-schemas';

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
  })
  .superRefine((lot, ctx) => {
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
  keyof z.output<typeof CreateLotInput> | 'lotId' | 'sellerId'
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
  })
  .partial()
  .required({ id: true })
  .refine((input) => Object.keys(input).length > 1, { message: 'nothing to change', path: ['id'] });
export type UpdateLotInput = z.input<typeof UpdateLotInput>;

export const WithdrawLotInput = z.strictObject({
  id: z.string().min(1).max(64),
  reason: multilineText('Reason').min(1, 'Required!').max(500),
});

/** seeds 000 §7 getAllSimilarProducts: three, closing soonest, never the lot itself. */
export const SimilarProductsInput = z.strictObject({
  id: z.string().min(1).max(64),
  limit: z.number().int().min(1).max(12).default(3),
});

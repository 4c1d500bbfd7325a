import { z } from 'zod';
import { defineEvent } from './registry.ts';

/** Integer cents (DOMAIN.md "Money"); the per-lot ceiling is $999,999.99 for bids, 1e9 cents for prices. */
export const Cents = z.number().int().min(0).max(1_000_000_000);

export const ScoreKeys = ['ws', 'bh', 'iwc', 'js', 'vm', 'wa', 'jd', 'jr', 'dm', 'twi'] as const;
export const Scores = z.partialRecord(z.enum(ScoreKeys), z.string().min(1).max(20));

export const Attachment = z.object({
  /** seeds 000 §3.2: type 2 = external URL (http/https only); 1 = a file under /uploads/product/. */
  type: z.union([z.literal(1), z.literal(2)]),
  fileName: z.string().min(1).max(500),
});

export const DiscountRow = z.object({ quantity: z.number().int().min(1), price: Cents });

export const Colours = ['Red', 'White', 'Rosé', 'Sparkling', 'Dessert', 'Fortified'] as const;

export const LotListedV2 = z.object({
  lotId: z.string().min(1).max(64),
  sku: z.string().min(1).max(64),
  lotNumber: z.string().max(32).nullable(),
  auctionId: z.string().max(64).nullable(),
  sellerId: z.string().min(1).max(64),
  title: z.string().min(1).max(300),
  producer: z.string().min(1).max(200),
  vintage: z.number().int().min(1800).max(2100).nullable(),
  country: z.string().min(1).max(100),
  region: z.string().max(100),
  subregion: z.string().max(100),
  colour: z.enum(Colours),
  bottleSize: z.string().min(1).max(40),
  scores: Scores,
  description: z.string().max(20_000),
  images: z.array(Attachment).max(50),
  quantity: z.number().int().min(1).max(100_000),
  minimumQuantity: z.number().int().min(1),
  enforceMinimumQuantity: z.boolean(),
  availability: z.string().max(40).nullable(),
  auction: z.boolean(),
  buyNow: z.boolean(),
  openingBid: Cents,
  reserve: Cents.nullable(),
  buyNowPrice: Cents.nullable(),
  discounts: z.array(DiscountRow).max(20),
  startsAt: z.iso.datetime(),
  closesAt: z.iso.datetime(),
  meta: z.object({
    title: z.string().max(300),
    description: z.string().max(1000),
    keywords: z.string().max(1000),
  }),
});
export type LotListedData = z.infer<typeof LotListedV2>;

/**
 * Version 1 carried prices as decimal dollars (`openingBid: 12.5`); version 2 stores integer cents
 * (DOMAIN.md "Money"). Older events are lifted when read, never rewritten.
 */
const dollarsToCents = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : v);

export const LotListed = defineEvent({
  type: 'LotListed',
  version: 2,
  schema: LotListedV2,
  upcasters: {
    1: (data) => {
      const d = data as Record<string, unknown>;
      return {
        ...d,
        openingBid: dollarsToCents(d.openingBid),
        reserve: d.reserve == null ? null : dollarsToCents(d.reserve),
        buyNowPrice: d.buyNowPrice == null ? null : dollarsToCents(d.buyNowPrice),
        discounts: Array.isArray(d.discounts)
          ? d.discounts.map((r: { quantity: number; price: number }) => ({
              ...r,
              price: dollarsToCents(r.price),
            }))
          : [],
      };
    },
  },
});

export type LotEvent = { type: 'LotListed'; data: LotListedData };

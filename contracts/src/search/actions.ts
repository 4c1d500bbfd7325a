import { z } from 'zod';
import { action } from '../action.ts';
import { LotFields } from '../lots/lot-document.ts';
import { plainText } from '../text.ts';

/** The longest text the header's search field suggests for (seeds 000 §2.5). */
export const SUGGEST_QUERY_MAX = 100;
/** How many suggestions one answer holds at most, and by default. */
export const SUGGEST_LIMIT_MAX = 10;
export const SUGGEST_LIMIT_DEFAULT = 6;

/** seeds 000 §7 "Hosted search index query": the text typed so far, and how many suggestions. */
export const SuggestInput = z.strictObject({
  searchQuery: plainText('Search').min(1, 'Required!').max(SUGGEST_QUERY_MAX),
  limit: z.number().int().min(1).max(SUGGEST_LIMIT_MAX).default(SUGGEST_LIMIT_DEFAULT),
});
export type SuggestInput = z.input<typeof SuggestInput>;

/** One suggestion: choosing it opens /productview/{objectID} (seeds 000 §2.5). */
export const Suggestion = z.object({
  objectID: z.string(),
  title: z.string(),
  producer: z.string().optional(),
  vintage: z.number().optional(),
  /** The first image's file name, as in `allattachmentlist`. */
  image: z.string().optional(),
  market_status: LotFields.shape.market_status,
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestResult = z.object({ records: z.array(Suggestion) });
export type SuggestResult = z.infer<typeof SuggestResult>;

/** Page sizes of the prices realised (the storefront's own, seeds 000 §9). */
export const PRICES_REALISED_PAGE_SIZES = [25, 50, 100] as const;

/**
 * Prices realised (issue 31): closed lots sold at auction, searched by words (title, producer,
 * region, country), producer and vintage, closed most recently first.
 */
export const PricesRealisedInput = z.strictObject({
  q: plainText('Search').max(SUGGEST_QUERY_MAX).optional(),
  producer: plainText('Producer').max(100).optional(),
  vintage: z.number().int().min(1000).max(9999).optional(),
  page: z.number().int().min(1).max(1000).default(1),
  limit: z
    .number()
    .int()
    .refine((n) => (PRICES_REALISED_PAGE_SIZES as readonly number[]).includes(n), 'page size 25, 50 or 100')
    .default(25),
});
export type PricesRealisedInput = z.input<typeof PricesRealisedInput>;

/** One lot as it sold: its hammer price and bottles as of its close (LotClosed), never changed after. */
export const RealisedPrice = z.object({
  id: z.string(),
  title: z.string(),
  producer: z.string(),
  vintage: z.number().nullable(),
  country: z.string(),
  region: z.string(),
  bottle_size: z.string(),
  /** The bottles the auction sold. */
  qty: z.number(),
  /** The winning bid in cents (the buyer's premium is not in it). */
  hammer_price: z.number(),
  bid_count: z.number(),
  closed_at: z.string(),
  auctionid: z.string().nullable(),
  image: z.string().nullable(),
});
export type RealisedPrice = z.infer<typeof RealisedPrice>;

export const RealisedPricePage = z.object({ records: z.array(RealisedPrice), totalRecords: z.number() });
export type RealisedPricePage = z.infer<typeof RealisedPricePage>;

/** Search suggestions, served by the read side's search index (seeds 000 §2.5, §7). */
export const searchActions = {
  suggestProducts: action({
    path: '/api/product/suggest',
    side: 'query',
    auth: 'public',
    input: SuggestInput,
    output: SuggestResult,
  }),
  /** Anyone searches the prices realised (issue 31: the hammer prices buyers bid by). */
  pricesRealised: action({
    path: '/api/product/pricesRealised',
    side: 'query',
    auth: 'public',
    input: PricesRealisedInput,
    output: RealisedPricePage,
  }),
} as const;

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

/** Search suggestions, served by the read side's search index (seeds 000 §2.5, §7). */
export const searchActions = {
  suggestProducts: action({
    path: '/api/product/suggest',
    side: 'query',
    auth: 'public',
    input: SuggestInput,
    output: SuggestResult,
  }),
} as const;

import { z } from 'zod';
import { Cents } from './lot-events.ts';
import { defineEvent } from './registry.ts';
import { streamName } from './streams.ts';

const Id = z.string().min(1).max(64);

/** The most lines one bid sheet holds (a whole evening's catalogue is rarely more). */
export const MAX_BID_SHEET_LINES = 200;
/** The most either/or groups one sheet holds (each has two lines at least). */
export const MAX_BID_SHEET_GROUPS = 100;

/**
 * The buyer's premium rate a line's cap was counted with, percent to the hundredth (as the market's
 * `buyer_premium`), so the sheet's committed amount is recomputed exactly as it was decided.
 */
const PremiumPercent = z.number().min(0).max(100);

/**
 * Issue 37 §6, a bid sheet with a limit (as Hart Davis Hart's): before a sale a bidder leaves
 * maximum bids on many lots of one auction, an overall spending limit counted with the buyer's
 * premium, and either/or groups (at most one lot of a group bought). One stream per bidder and
 * auction (`bidsheet-<auctionId>~<userId>`): the limit is an invariant of this stream alone, decided
 * with its expected revision, so no two placements can spend the same dollars.
 *
 * Saved: the sheet as the bidder left it, its lines in the auction's catalogue order (the house
 * places them greedily in that order). A save replaces an earlier one while none of its lines was
 * placed yet.
 */
export const BidSheetSaved = defineEvent({
  type: 'BidSheetSaved',
  version: 1,
  schema: z.object({
    auctionId: Id,
    bidderId: Id,
    /** Cents, counted with the buyer's premium: hammer + premium of every lot won stays within it. */
    limit: Cents.min(1),
    lines: z
      .array(z.object({ lotId: Id, max: Cents.min(1) }))
      .min(1)
      .max(MAX_BID_SHEET_LINES),
    groups: z
      .array(z.object({ lotIds: z.array(Id).min(2).max(MAX_BID_SHEET_LINES) }))
      .max(MAX_BID_SHEET_GROUPS),
  }),
});

/**
 * The house took `cap` of the limit for this line (cap + its premium at `premiumPercent`) and bids the
 * bidder's maximum of `cap` on the lot for them: the line's own maximum, or less when only that much
 * of the limit remained (a valid bid of the increment table, never below the lot's next bid).
 */
export const BidSheetLinePlaced = defineEvent({
  type: 'BidSheetLinePlaced',
  version: 1,
  schema: z.object({ lotId: Id, cap: Cents.min(1), premiumPercent: PremiumPercent }),
});

/** A line placed with less than its maximum, raised when a lost lot gave budget back (up to its maximum). */
export const BidSheetLineRaised = defineEvent({
  type: 'BidSheetLineRaised',
  version: 1,
  schema: z.object({
    lotId: Id,
    cap: Cents.min(1),
    previousCap: Cents.min(1),
    premiumPercent: PremiumPercent,
  }),
});

/**
 * The lot refused the house's bid of `cap` for this line (the refusal's code: the price moved past it,
 * the lot closed or was called, the bidder's card was removed...): its budget is given back. A refused
 * raise leaves the line at the cap bid before it.
 */
export const BidSheetLineRefused = defineEvent({
  type: 'BidSheetLineRefused',
  version: 1,
  schema: z.object({ lotId: Id, cap: Cents.min(1), code: z.string().min(1).max(64) }),
});

/** The bidder won the line's lot: the hammer and its premium (as the invoice counts it) stay spent. */
export const BidSheetLineWon = defineEvent({
  type: 'BidSheetLineWon',
  version: 1,
  schema: z.object({ lotId: Id, amount: Cents, premium: Cents }),
});

/** The line's lot closed (or was withdrawn) without the bidder winning it: its cap is given back. */
export const BidSheetLineLost = defineEvent({
  type: 'BidSheetLineLost',
  version: 1,
  schema: z.object({ lotId: Id }),
});

/** The bidder stopped the sheet: nothing more is placed or raised; bids already placed stand. */
export const BidSheetCancelled = defineEvent({
  type: 'BidSheetCancelled',
  version: 1,
  schema: z.object({}),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type BidSheetSavedData = Data<typeof BidSheetSaved>;
export type BidSheetEvent =
  | { type: 'BidSheetSaved'; data: BidSheetSavedData }
  | { type: 'BidSheetLinePlaced'; data: Data<typeof BidSheetLinePlaced> }
  | { type: 'BidSheetLineRaised'; data: Data<typeof BidSheetLineRaised> }
  | { type: 'BidSheetLineRefused'; data: Data<typeof BidSheetLineRefused> }
  | { type: 'BidSheetLineWon'; data: Data<typeof BidSheetLineWon> }
  | { type: 'BidSheetLineLost'; data: Data<typeof BidSheetLineLost> }
  | { type: 'BidSheetCancelled'; data: Data<typeof BidSheetCancelled> };

export const bidSheetEventDefinitions = [
  BidSheetSaved,
  BidSheetLinePlaced,
  BidSheetLineRaised,
  BidSheetLineRefused,
  BidSheetLineWon,
  BidSheetLineLost,
  BidSheetCancelled,
] as const;

/** Between the auction's id and the bidder's: neither holds it (both are letters, digits, - and _). */
const SEPARATOR = '~';

/** One bidder's sheet for one auction. */
export const bidSheetStream = (auctionId: string, userId: string) =>
  streamName('bidsheet', `${auctionId}${SEPARATOR}${userId}`);

/** The auction and the bidder of a sheet's stream id (what follows `bidsheet-`); null if it is none. */
export function parseBidSheetId(id: string): { auctionId: string; userId: string } | null {
  const at = id.lastIndexOf(SEPARATOR);
  if (at <= 0 || at === id.length - 1) return null;
  return { auctionId: id.slice(0, at), userId: id.slice(at + 1) };
}

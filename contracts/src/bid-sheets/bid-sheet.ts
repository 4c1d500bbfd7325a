import { MAX_BID_SHEET_GROUPS, MAX_BID_SHEET_LINES } from '@wine/event-schemas';
import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { invoiceAmounts } from '../money/amounts.ts';
import { formatMoney, MAX_BID_CENTS } from '../money.ts';

/**
 * Issue 37 §6: a bid sheet with a limit (Hart Davis Hart's "bid sheet"). Before a sale a bidder leaves
 * maximum bids on many lots of one auction, an overall spending limit counted with the buyer's premium
 * ("buy at most $5,000 of these") and either/or groups ("lot 12 or lot 13, not both"). The house
 * places the lines for the bidder, greedily in catalogue order, so that what the bidder can be made to
 * pay never exceeds the limit:
 *
 *   Σ cap × (1 + premium) over lines placed and still open + Σ (hammer + premium) over lines won ≤ limit.
 */

export { MAX_BID_SHEET_GROUPS, MAX_BID_SHEET_LINES };

/**
 * What `amount` costs the bidder with the buyer's premium at `premiumPercent`: the premium as the
 * auction invoice counts it (`invoiceAmounts`, rounded to the cent), tax apart (it depends on where
 * the wine goes).
 */
export const sheetCost = (amount: number, premiumPercent: number): number =>
  amount + invoiceAmounts(amount, premiumPercent, 0).premium;

/**
 * The largest hammer whose cost with the premium fits in `budget` (cents): floor(budget ÷ (1 +
 * premium)), checked against `sheetCost`'s own rounding so the two never disagree by a cent.
 */
export function affordableHammer(budget: number, premiumPercent: number): number {
  if (budget <= 0) return 0;
  let amount = Math.floor((budget * 100) / (100 + premiumPercent));
  while (amount > 0 && sheetCost(amount, premiumPercent) > budget) amount -= 1;
  while (sheetCost(amount + 1, premiumPercent) <= budget) amount += 1;
  return amount;
}

/** Where a line of the sheet stands, as the bidder reads it. */
export const bidSheetLineStatuses = ['waiting', 'bidding', 'won', 'lost', 'skipped', 'refused'] as const;
export type BidSheetLineStatus = (typeof bidSheetLineStatuses)[number];

/** The amounts of one line that count against the limit. */
export interface LineSpend {
  status: BidSheetLineStatus;
  /** The cap the house bids (bidding), cents. */
  cap: number | null;
  /** The premium rate the cap was counted with. */
  premium_percent: number | null;
  /** Won: the hammer and its premium. */
  amount: number | null;
  premium: number | null;
}

/** What the sheet has committed of its limit: the placed caps with their premium, the lots won with theirs. */
export function committedOf(lines: readonly LineSpend[]): number {
  let sum = 0;
  for (const line of lines) {
    if (line.status === 'bidding' && line.cap !== null) sum += sheetCost(line.cap, line.premium_percent ?? 0);
    else if (line.status === 'won') sum += (line.amount ?? 0) + (line.premium ?? 0);
  }
  return sum;
}

const Id = z.string().trim().min(1).max(64);
/** The auction's id, as the staff's auction forms take it (letters, digits, - and _). */
const AuctionRefId = z.string().regex(
  /^[a-zA-Z0-9_-]{1,64}$/,
  lazy(() => t('bidSheet.auction')),
);

/** A line's maximum: whole cents, at least a cent, at most the per-lot ceiling (DOMAIN.md "Bids"). */
const LineMax = z
  .number(lazy(() => t('bidSheet.amount')))
  .int(lazy(() => t('bidSheet.amount')))
  .min(
    1,
    lazy(() => t('bidSheet.amount')),
  )
  .max(
    MAX_BID_CENTS,
    lazy(() => t('bid.capped', { amount: formatMoney(MAX_BID_CENTS) })),
  );

/** The limit: whole cents, at least a cent, at most $10,000,000 (the log's ceiling for a price). */
const Limit = z
  .number(lazy(() => t('bidSheet.amount')))
  .int(lazy(() => t('bidSheet.amount')))
  .min(
    1,
    lazy(() => t('bidSheet.amount')),
  )
  .max(
    1_000_000_000,
    lazy(() => t('bidSheet.limitTooHigh')),
  );

export const BidSheetLineInput = z.strictObject({ lot_id: Id, max: LineMax });
export const BidSheetGroupInput = z.strictObject({
  lot_ids: z
    .array(Id)
    .min(
      2,
      lazy(() => t('bidSheet.groupTooSmall')),
    )
    .max(MAX_BID_SHEET_LINES),
});

/**
 * bidsheet/save: the bidder's whole sheet for one auction (a save replaces the one before while none
 * of its lines was placed). Each lot once; each group of two lots or more of the sheet; no lot in two
 * groups. Which lots belong to the auction, and what they take, the command side decides.
 */
export const BidSheetSaveInput = z
  .strictObject({
    auction_id: AuctionRefId,
    limit: Limit,
    lines: z
      .array(BidSheetLineInput)
      .min(
        1,
        lazy(() => t('bidSheet.noLines')),
      )
      .max(
        MAX_BID_SHEET_LINES,
        lazy(() => t('bidSheet.tooManyLines')),
      ),
    groups: z.array(BidSheetGroupInput).max(MAX_BID_SHEET_GROUPS).default([]),
  })
  .superRefine((input, ctx) => {
    const onSheet = new Set<string>();
    for (const [i, line] of input.lines.entries()) {
      if (onSheet.has(line.lot_id))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'lot_id'], message: t('bidSheet.lotTwice') });
      onSheet.add(line.lot_id);
    }
    const grouped = new Set<string>();
    for (const [g, group] of input.groups.entries()) {
      for (const [i, lotId] of group.lot_ids.entries()) {
        const path = ['groups', g, 'lot_ids', i];
        if (!onSheet.has(lotId))
          ctx.addIssue({ code: 'custom', path, message: t('bidSheet.groupLotNotOnSheet') });
        else if (grouped.has(lotId))
          ctx.addIssue({ code: 'custom', path, message: t('bidSheet.lotInTwoGroups') });
        grouped.add(lotId);
      }
    }
  });
export type BidSheetSaveInput = z.input<typeof BidSheetSaveInput>;

/** bidsheet/cancel and bidsheet/get: the bidder's sheet for one auction. */
export const BidSheetRef = z.strictObject({ auction_id: AuctionRefId });
export type BidSheetRef = z.input<typeof BidSheetRef>;

/** What a save or a cancel answers: the sheet as it now stands on the write side. */
export const BidSheetResult = z.object({
  auction_id: z.string(),
  status: z.enum(['active', 'cancelled']),
  limit: z.number(),
  lines: z.number(),
  /** Where the log stands after the write (read-your-writes). */
  position: z.string(),
});
export type BidSheetResult = z.infer<typeof BidSheetResult>;

/** One line as the bidder reads it. */
export const BidSheetLineView = z.object({
  lot_id: z.string(),
  lot_number: z.string().nullable(),
  title: z.string(),
  /** The bidder's maximum for the lot. */
  max: z.number(),
  status: z.enum(bidSheetLineStatuses),
  /** Bidding: the maximum the house bids for the bidder now (the line's max, or less while the limit is short). */
  cap: z.number().nullable(),
  premium_percent: z.number().nullable(),
  /** Won: the hammer and its premium. */
  amount: z.number().nullable(),
  premium: z.number().nullable(),
  /** The line's either/or group (its index in `groups`), or null. */
  group: z.number().nullable(),
  /** Refused: the lot's refusal code (the price passed the line, the lot was called...). */
  refused_code: z.string().nullable(),
});
export type BidSheetLineView = z.infer<typeof BidSheetLineView>;

/**
 * bidsheet/get: the caller's sheet for the auction (`none` when they left none): each line's status,
 * the limit, what is committed of it (placed caps and lots won, with the premium) and what remains.
 */
export const BidSheetView = z.object({
  auction_id: z.string(),
  status: z.enum(['none', 'active', 'cancelled']),
  limit: z.number(),
  committed: z.number(),
  remaining: z.number(),
  /** A line was placed: the sheet can no longer be changed, only cancelled. */
  locked: z.boolean(),
  lines: z.array(BidSheetLineView),
  groups: z.array(z.object({ lot_ids: z.array(z.string()) })),
  saved_at: z.string().nullable(),
});
export type BidSheetView = z.infer<typeof BidSheetView>;

import { sheetCost } from '@wine/contracts';
import type { BidSheetEvent } from '@wine/event-schemas';

/**
 * Where one line of a bid sheet stands on the sheet's stream:
 * - `waiting`: not placed (its lot does not take the bid yet, the limit has no room for it, or its
 *   group has another line placed or won);
 * - `bidding`: the house took `cap` (with its premium) of the limit and bids it on the lot;
 * - `won` / `lost`: the lot closed; `refused`: the lot refused the house's bid for good.
 */
export interface SheetLine {
  lotId: string;
  /** The bidder's maximum, cents. */
  max: number;
  status: 'waiting' | 'bidding' | 'won' | 'lost' | 'refused';
  /** Bidding: the cap the house bids and the premium rate it was counted with. */
  cap: number | null;
  premiumPercent: number;
  /**
   * The cap bid before the last raise, until the lot took the raise: a refused raise leaves the line
   * there (the earlier bid stands on the lot).
   */
  prior: { cap: number; premiumPercent: number } | null;
  /** False once the lot refused a raise for good (it would refuse every other). */
  raisable: boolean;
  /** Won: the hammer and its premium. */
  amount: number;
  premium: number;
  /** The house placed this line once (whatever became of it). */
  placedOnce: boolean;
  /** Refused: the lot's code. */
  refusedCode: string | null;
}

export interface ActiveSheet {
  status: 'active' | 'cancelled';
  auctionId: string;
  bidderId: string;
  /** Cents, counted with the premium. */
  limit: number;
  /** In the auction's catalogue order. */
  lines: SheetLine[];
  /** Each group's lot ids, in catalogue order. */
  groups: string[][];
  /** The number of events folded (the stream's next revision): names the house's next step. */
  version: number;
}

/** A bidder's sheet for one auction (`bidsheet-<auctionId>~<userId>`). */
export type BidSheet = { status: 'empty'; version: number } | ActiveSheet;

export const initialSheet = (): BidSheet => ({ status: 'empty', version: 0 });

/** A sheet may be changed (saved again) until the house placed one of its lines. */
export const isLocked = (sheet: BidSheet): boolean =>
  sheet.status !== 'empty' && sheet.lines.some((line) => line.placedOnce);

/**
 * What the sheet has committed of its limit: each line placed and still open at its cap with the
 * premium it was counted with, each line won at its hammer with its premium.
 */
export function committed(sheet: ActiveSheet): number {
  let sum = 0;
  for (const line of sheet.lines) {
    if (line.status === 'bidding' && line.cap !== null) sum += sheetCost(line.cap, line.premiumPercent);
    else if (line.status === 'won') sum += line.amount + line.premium;
  }
  return sum;
}

/** The group of a lot (its lots), if it has one. */
export const groupOf = (sheet: ActiveSheet, lotId: string): readonly string[] | null =>
  sheet.groups.find((group) => group.includes(lotId)) ?? null;

/** Codes a lot answers that may change with the next bid: the line waits and is tried again. */
export const RETRIABLE_REFUSALS: ReadonlySet<string> = new Set(['MIN_BID', 'BIDS_CHANGED']);

const newLine = (lotId: string, max: number): SheetLine => ({
  lotId,
  max,
  status: 'waiting',
  cap: null,
  premiumPercent: 0,
  prior: null,
  raisable: true,
  amount: 0,
  premium: 0,
  placedOnce: false,
  refusedCode: null,
});

function withLine(sheet: ActiveSheet, lotId: string, change: (line: SheetLine) => SheetLine): ActiveSheet {
  return { ...sheet, lines: sheet.lines.map((line) => (line.lotId === lotId ? change(line) : line)) };
}

export function evolveSheet(state: BidSheet, event: BidSheetEvent): BidSheet {
  const version = state.version + 1;
  if (event.type === 'BidSheetSaved') {
    const { auctionId, bidderId, limit, lines, groups } = event.data;
    return {
      status: 'active',
      auctionId,
      bidderId,
      limit,
      lines: lines.map((line) => newLine(line.lotId, line.max)),
      groups: groups.map((group) => group.lotIds),
      version,
    };
  }
  if (state.status === 'empty') return { ...state, version };
  const sheet = { ...state, version };
  switch (event.type) {
    case 'BidSheetLinePlaced': {
      const { lotId, cap, premiumPercent } = event.data;
      return withLine(sheet, lotId, (line) => ({
        ...line,
        status: 'bidding',
        cap,
        premiumPercent,
        prior: null,
        placedOnce: true,
        refusedCode: null,
      }));
    }
    case 'BidSheetLineRaised': {
      const { lotId, cap, premiumPercent } = event.data;
      return withLine(sheet, lotId, (line) => ({
        ...line,
        cap,
        premiumPercent,
        prior: line.cap === null ? null : { cap: line.cap, premiumPercent: line.premiumPercent },
      }));
    }
    case 'BidSheetLineRefused': {
      const { lotId, code } = event.data;
      const retriable = RETRIABLE_REFUSALS.has(code);
      return withLine(sheet, lotId, (line) => {
        // A refused raise: the bid before it stands on the lot, at its own cap.
        if (line.prior) return { ...line, ...line.prior, prior: null, raisable: retriable };
        return retriable
          ? { ...line, status: 'waiting', cap: null }
          : { ...line, status: 'refused', cap: null, refusedCode: code };
      });
    }
    case 'BidSheetLineWon': {
      const { lotId, amount, premium } = event.data;
      return withLine(sheet, lotId, (line) => ({ ...line, status: 'won', amount, premium, prior: null }));
    }
    case 'BidSheetLineLost':
      return withLine(sheet, event.data.lotId, (line) => ({
        ...line,
        status: 'lost',
        cap: null,
        prior: null,
      }));
    case 'BidSheetCancelled':
      return { ...sheet, status: 'cancelled' };
    default: {
      const _exhaustive: never = event;
      return sheet;
    }
  }
}

import {
  formatMoney,
  type IncrementRule,
  invoiceAmounts,
  MAX_BID_CENTS,
  MAX_BID_SHEET_LINES,
  sheetCost,
} from '@wine/contracts';
import type { BidSheetEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';
import { capFor } from './caps.ts';
import {
  type ActiveSheet,
  type BidSheet,
  committed,
  evolveSheet,
  groupOf,
  initialSheet,
  isLocked,
  type SheetLine,
} from './sheet.ts';

/**
 * What the sheet needs to know of a lot, read from the lot's stream by the caller (the decider stays
 * pure): whether it takes the house's bid, its next bid, and where the bidder stands on it.
 */
export interface LotFacts {
  lotId: string;
  /**
   * `now`: it takes a bid now (an open timed lot, or a live sale's lot not yet called: an advance bid);
   * `later`: not yet (a timed lot before its start); `never`: no more (closed, withdrawn, called, sold out).
   */
  takes: 'now' | 'later' | 'never';
  nextBid: number;
  /** The bidder leads the lot with this maximum (a raise is then any amount above it); null otherwise. */
  ownMax: number | null;
  sellerId: string;
}

/**
 * bidsheet/save: the bidder's sheet for one auction. `catalogue` is the auction's lots in catalogue
 * order with their facts (the sheet's lines are kept in that order); `premiumPercent` the buyer's
 * premium rate now.
 */
export interface SaveSheet {
  type: 'SaveSheet';
  auctionId: string;
  bidderId: string;
  limit: number;
  lines: { lotId: string; max: number }[];
  groups: { lotIds: string[] }[];
  catalogue: LotFacts[];
  premiumPercent: number;
  hasCard: boolean;
}

/** bidsheet/cancel: the house places and raises nothing more; the bids already placed stand. */
export interface CancelSheet {
  type: 'CancelSheet';
}

/**
 * The house's step: place the lines that can bid now (and raise the lines placed with less than
 * their maximum), greedily in catalogue order, within the limit. `lots` holds the facts of the
 * sheet's lots now; a lot missing from it is not placed.
 */
export interface PlaceLines {
  type: 'PlaceLines';
  lots: Readonly<Record<string, LotFacts>>;
  premiumPercent: number;
  increments: readonly IncrementRule[];
  /** The bidder can bid (a card on file, an active account): without, nothing is placed. */
  canBid: boolean;
}

/** A lot of the sheet closed (or was withdrawn: `winnerId` null): the line is won or lost. */
export interface RecordOutcome {
  type: 'RecordOutcome';
  lotId: string;
  winnerId: string | null;
  hammerPrice: number | null;
  premiumPercent: number;
}

/** The lot refused the house's bid of `cap` for the line, with its code. */
export interface RecordRefusal {
  type: 'RecordRefusal';
  lotId: string;
  cap: number;
  code: string;
}

export type BidSheetCommand = SaveSheet | CancelSheet | PlaceLines | RecordOutcome | RecordRefusal;

/**
 * A save's rules, in the order a bidder can fix them: the sheet not yet placed; a card on file; each
 * line on a lot of this auction that still takes bids, not the bidder's own, with a maximum from the
 * lot's next bid to the per-lot ceiling; each lot once; groups of two lots or more of the sheet, no
 * lot in two; and a limit that covers, with the premium, at least one line's next bid.
 */
function decideSave(command: SaveSheet, state: BidSheet): BidSheetEvent[] {
  if (isLocked(state)) throw new AppError('BIDSHEET_LOCKED');
  if (command.lines.length === 0 || command.lines.length > MAX_BID_SHEET_LINES)
    throw new AppError('VALIDATION');
  if (!command.hasCard) throw new AppError('ADD_CARD');
  const order = new Map(command.catalogue.map((lot, index) => [lot.lotId, { lot, index }]));
  const seen = new Set<string>();
  for (const [i, line] of command.lines.entries()) {
    const field = `lines.${i}.lot_id`;
    const found = order.get(line.lotId);
    if (!found) throw new AppError('BIDSHEET_LOT_NOT_IN_AUCTION', { params: { lot: line.lotId }, field });
    if (seen.has(line.lotId)) throw new AppError('BIDSHEET_GROUPS_INVALID', { field });
    seen.add(line.lotId);
    const { lot } = found;
    if (lot.sellerId === command.bidderId) throw new AppError('OWN_LOT', { field });
    if (lot.takes === 'never')
      throw new AppError('BIDSHEET_LOT_NOT_OPEN', { params: { lot: line.lotId }, field });
    const maxField = `lines.${i}.max`;
    if (line.max > MAX_BID_CENTS)
      throw new AppError('BID_CAPPED', { params: { amount: formatMoney(MAX_BID_CENTS) }, field: maxField });
    if (line.max < lot.nextBid)
      throw new AppError('BIDSHEET_MAX_TOO_LOW', {
        params: { lot: line.lotId, amount: formatMoney(lot.nextBid) },
        field: maxField,
      });
  }
  const grouped = new Set<string>();
  for (const group of command.groups) {
    if (group.lotIds.length < 2) throw new AppError('BIDSHEET_GROUPS_INVALID', { field: 'groups' });
    for (const lotId of group.lotIds) {
      if (!seen.has(lotId) || grouped.has(lotId))
        throw new AppError('BIDSHEET_GROUPS_INVALID', { field: 'groups' });
      grouped.add(lotId);
    }
  }
  const cheapest = Math.min(
    ...command.lines.map((line) =>
      sheetCost(order.get(line.lotId)?.lot.nextBid ?? 0, command.premiumPercent),
    ),
  );
  if (command.limit < cheapest)
    throw new AppError('BIDSHEET_LIMIT_TOO_LOW', { params: { amount: formatMoney(cheapest) } });
  const rank = (lotId: string) => order.get(lotId)?.index ?? 0;
  const byCatalogue = (a: string, b: string) => rank(a) - rank(b);
  return [
    {
      type: 'BidSheetSaved',
      data: {
        auctionId: command.auctionId,
        bidderId: command.bidderId,
        limit: command.limit,
        lines: [...command.lines]
          .sort((a, b) => byCatalogue(a.lotId, b.lotId))
          .map((line) => ({ lotId: line.lotId, max: line.max })),
        groups: command.groups.map((group) => ({ lotIds: [...group.lotIds].sort(byCatalogue) })),
      },
    },
  ];
}

/**
 * One line of a group bids at a time, and none once one is won: a line waits while another line of
 * its group is placed and open, or has won.
 */
function groupHolds(sheet: ActiveSheet, line: SheetLine, statuses: ReadonlyMap<string, SheetLine['status']>) {
  const group = groupOf(sheet, line.lotId);
  if (!group) return false;
  return group.some((lotId) => {
    if (lotId === line.lotId) return false;
    const status = statuses.get(lotId);
    return status === 'bidding' || status === 'won';
  });
}

/**
 * The house allocates the limit greedily in catalogue order. For each line whose lot takes a bid now:
 * a line placed below its maximum is raised with what the limit has room for (up to its maximum); a
 * waiting line whose group holds no other placed or won line is placed with its maximum, or with a
 * smaller cap when only that fits (a valid bid of the increment table, at least the lot's next bid),
 * or waits. Each event keeps the invariant: committed (placed open caps and won lots, each with its
 * premium) never exceeds the limit.
 */
function decidePlacements(command: PlaceLines, sheet: ActiveSheet): BidSheetEvent[] {
  if (!command.canBid) return [];
  const { premiumPercent: premium, increments } = command;
  let remaining = sheet.limit - committed(sheet);
  const statuses = new Map(sheet.lines.map((line) => [line.lotId, line.status]));
  const events: BidSheetEvent[] = [];
  for (const line of sheet.lines) {
    const lot = command.lots[line.lotId];
    if (lot?.takes !== 'now') continue;
    if (line.status === 'bidding' && line.cap !== null) {
      if (line.cap >= line.max || !line.raisable) continue;
      const budget = remaining + sheetCost(line.cap, line.premiumPercent);
      const cap = capFor(line, budget, premium, lot.nextBid, increments);
      // A raise must be a bid the lot takes: above the bidder's own leading maximum, or its next bid.
      if (cap === null || cap <= line.cap) continue;
      if (lot.ownMax !== null ? cap <= lot.ownMax : cap < lot.nextBid) continue;
      events.push({
        type: 'BidSheetLineRaised',
        data: { lotId: line.lotId, cap, previousCap: line.cap, premiumPercent: premium },
      });
      remaining = budget - sheetCost(cap, premium);
      continue;
    }
    if (line.status !== 'waiting' || lot.nextBid > line.max || groupHolds(sheet, line, statuses)) continue;
    const cap = capFor(line, remaining, premium, lot.nextBid, increments);
    if (cap === null) continue;
    events.push({ type: 'BidSheetLinePlaced', data: { lotId: line.lotId, cap, premiumPercent: premium } });
    remaining -= sheetCost(cap, premium);
    statuses.set(line.lotId, 'bidding');
  }
  return events;
}

/**
 * A lot closed: won by the bidder at the hammer (with the premium the invoice counts), or lost. A lot
 * the house reopened after it was lost (a bid cancelled, DOMAIN.md "Bid cancel") and the bidder then won
 * is recorded won: what the bidder pays is counted, whatever the sheet expected.
 */
function decideOutcome(command: RecordOutcome, sheet: ActiveSheet): BidSheetEvent[] {
  const line = sheet.lines.find((l) => l.lotId === command.lotId);
  if (!line || line.status === 'won') return [];
  const { winnerId, hammerPrice } = command;
  if (winnerId === sheet.bidderId && hammerPrice !== null) {
    const { premium } = invoiceAmounts(hammerPrice, command.premiumPercent, 0);
    return [{ type: 'BidSheetLineWon', data: { lotId: line.lotId, amount: hammerPrice, premium } }];
  }
  return line.status === 'lost' ? [] : [{ type: 'BidSheetLineLost', data: { lotId: line.lotId } }];
}

/** The lot refused the house's bid: only the refusal of the cap the line bids now counts (a later raise stands). */
function decideRefusal(command: RecordRefusal, sheet: ActiveSheet): BidSheetEvent[] {
  const line = sheet.lines.find((l) => l.lotId === command.lotId);
  if (line?.status !== 'bidding' || line.cap !== command.cap) return [];
  return [{ type: 'BidSheetLineRefused', data: { lotId: line.lotId, cap: command.cap, code: command.code } }];
}

export function decideSheet(command: BidSheetCommand, state: BidSheet): BidSheetEvent[] {
  if (command.type === 'SaveSheet') return decideSave(command, state);
  if (state.status === 'empty') {
    if (command.type === 'CancelSheet') throw new AppError('BIDSHEET_NOT_FOUND');
    return [];
  }
  switch (command.type) {
    case 'CancelSheet':
      return state.status === 'cancelled' ? [] : [{ type: 'BidSheetCancelled', data: {} }];
    case 'PlaceLines':
      return state.status === 'active' ? decidePlacements(command, state) : [];
    // A cancelled sheet's bids stand: their outcomes and refusals are still recorded.
    case 'RecordOutcome':
      return decideOutcome(command, state);
    case 'RecordRefusal':
      return decideRefusal(command, state);
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** The bid sheet aggregate (`bidsheet-<auctionId>~<userId>`): its limit is decided on this stream alone. */
export const bidSheetDecider: Decider<BidSheetCommand, BidSheetEvent, BidSheet> = {
  decide: decideSheet,
  evolve: evolveSheet,
  initialState: initialSheet,
};

import { estimateProblem, type SellerTerms } from '@wine/contracts';
import type { LotEvent, LotListedData } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';
import { decideAdvance, type PlaceAdvanceBid } from '../live/advance.ts';
import { decideLive, type LiveCommand } from '../live/decide-live.ts';
import { decideOffer, type OfferCommand } from '../offers/decide.ts';
import { decideBid, type PlaceBid } from './decide-bid.ts';
import { type AwardLot, type CancelBids, decideAward, decideCancel } from './decide-cancel.ts';
import { decideStock, type StockCommand } from './decide-stock.ts';
import { closeAuction } from './ending.ts';
import { evolveLot, heldAt, initialLot, type ListedLot, type Lot } from './lot.ts';

export type { BiddingRules, PlaceBid } from './decide-bid.ts';

export type LotChanges = Omit<Extract<LotEvent, { type: 'LotUpdated' }>['data'], 'changed' | 'source'>;
type ImportSource = NonNullable<Extract<LotEvent, { type: 'LotUpdated' }>['data']['source']>;

/** Who asks for a change: an admin may change any lot, a seller only their own. */
export type LotEditor = { kind: 'admin' } | { kind: 'seller'; userId: string };

/** Every command on a lot's stream (`lot-<id>`); bids decided in decide-bid.ts, buy-now holds and sales in decide-stock.ts. */
export type LotCommand =
  | { type: 'ListLot'; data: LotListedData; by: LotEditor; now: Date }
  | ReviewCommand
  | {
      type: 'UpdateLot';
      changes: LotChanges;
      by: LotEditor;
      now: Date;
      /** The spreadsheet row that asks for the change (issue 33), recorded on the event. */
      source?: ImportSource;
    }
  | { type: 'WithdrawLot'; reason: string; by: LotEditor }
  | { type: 'RelistLot'; newLotId: string; closesAt: string; by: LotEditor; now: Date }
  | ScheduleLot
  | CancelBids
  | AwardLot
  | PlaceBid
  | StockCommand
  | OfferCommand
  | LiveCommand
  | PlaceAdvanceBid
  | { type: 'CloseLot'; now: Date };

/**
 * Issue 33 "Sellers": a seller's listing is a draft until an admin approves it (DOMAIN.md). The seller
 * drafts and submits; an admin sends it back with a note or approves it with the terms of the day.
 * No admin reviews their own listing (separation of duties).
 */
export type ReviewCommand =
  | { type: 'DraftLot'; data: LotListedData; sellerId: string; now: Date }
  | { type: 'SubmitLot'; sellerId: string; now: Date }
  | { type: 'ReturnLot'; adminId: string; note: string }
  | {
      type: 'ApproveLot';
      adminId: string;
      terms: SellerTerms;
      startsAt?: string;
      closesAt?: string;
      now: Date;
    };

/** The fields a seller may no longer change once the house approved their listing. */
const houseFields = ['reserve', 'lowEstimate', 'highEstimate', 'reserveConfirmed'] as const;

function decideReview(command: ReviewCommand, state: Lot): LotEvent[] {
  if (command.type === 'DraftLot') {
    if (state.status !== 'empty')
      throw new AppError('LOT_ALREADY_LISTED', { params: { id: command.data.lotId } });
    if (Date.parse(command.data.closesAt) <= command.now.getTime()) throw new AppError('CLOSE_IN_PAST');
    checkEstimates(command.data, { kind: 'seller', userId: command.sellerId }, true);
    return [{ type: 'LotDrafted', data: command.data }];
  }
  if (state.status === 'empty') throw new AppError('LOT_NOT_FOUND');
  switch (command.type) {
    case 'SubmitLot':
      mayEdit(state, { kind: 'seller', userId: command.sellerId });
      if (state.status !== 'draft') throw new AppError('LOT_NOT_DRAFT');
      if (state.review === 'submitted') return [];
      // A close that passed while it was a draft is changed before the house sees it.
      if (Date.parse(state.lot.closesAt) <= command.now.getTime()) throw new AppError('CLOSE_IN_PAST');
      return [{ type: 'LotSubmitted', data: {} }];
    case 'ReturnLot':
      if (state.lot.sellerId === command.adminId) throw new AppError('OWN_LISTING');
      if (state.status !== 'draft' || state.review !== 'submitted') throw new AppError('LOT_NOT_SUBMITTED');
      return [{ type: 'LotReturned', data: { note: command.note } }];
    case 'ApproveLot': {
      if (state.lot.sellerId === command.adminId) throw new AppError('OWN_LISTING');
      // Approved already (a retry): the lot is live, nothing more to do.
      if (state.status !== 'draft' && !state.review) return [];
      if (state.status !== 'draft' || state.review !== 'submitted') throw new AppError('LOT_NOT_SUBMITTED');
      const lot = {
        ...state.lot,
        startsAt: command.startsAt ?? state.lot.startsAt,
        closesAt: command.closesAt ?? state.lot.closesAt,
      };
      if (Date.parse(lot.closesAt) <= command.now.getTime()) throw new AppError('CLOSE_IN_PAST');
      if (Date.parse(lot.startsAt) >= Date.parse(lot.closesAt)) throw new AppError('CLOSE_BEFORE_START');
      return [
        { type: 'LotApproved', data: { terms: command.terms } },
        { type: 'LotListed', data: lot },
      ];
    }
  }
}

/**
 * An auction's schedule places the lot (issue 33 "Auctions"): its number, opening and staggered close;
 * `auctionId` null takes it out of the auction `from`. Admins only (the auction's own route).
 */
export interface ScheduleLot {
  type: 'ScheduleLot';
  lotId: string;
  auctionId: string | null;
  /** The auction taking the lot out (with auctionId null): a lot another auction holds stays. */
  from?: string;
  lotNumber: string | null;
  startsAt: string;
  closesAt: string;
  /** Issue 37: placed in a live sale (its close is the auctioneer's call). */
  live?: boolean;
  now: Date;
}

/** Why a lot cannot be placed in (or moved within) an auction: one rule for the route's check and the decider. */
export type SchedulingProblem =
  | 'AUCTION_LOT_NOT_FOUND'
  | 'AUCTION_LOT_NOT_OPEN'
  | 'AUCTION_LOT_NOT_AUCTION'
  | 'AUCTION_LOT_ELSEWHERE'
  | 'AUCTION_LOT_HAS_BIDS'
  | 'AUCTION_CLOSE_PASSED';

export function schedulingProblem(state: Lot, command: Omit<ScheduleLot, 'type'>): SchedulingProblem | null {
  if (state.status === 'empty') return 'AUCTION_LOT_NOT_FOUND';
  if (state.status !== 'open') return 'AUCTION_LOT_NOT_OPEN';
  if (command.auctionId === null) return null;
  if (!state.lot.auction) return 'AUCTION_LOT_NOT_AUCTION';
  if (state.scheduledIn && state.scheduledIn !== command.auctionId) return 'AUCTION_LOT_ELSEWHERE';
  const moves = state.lot.closesAt !== command.closesAt || state.lot.startsAt !== command.startsAt;
  if (moves && state.bidCount > 0) return 'AUCTION_LOT_HAS_BIDS';
  if (moves && Date.parse(command.closesAt) <= command.now.getTime()) return 'AUCTION_CLOSE_PASSED';
  return null;
}

/** The refusal of a lot's scheduling, naming the lot (and the auction that holds it). */
export const schedulingError = (problem: SchedulingProblem, lotId: string, state: Lot): AppError =>
  new AppError(problem, {
    params: { id: lotId, auction: state.status === 'empty' ? '' : (state.scheduledIn ?? '') },
  });

/** Changing these is changing the deal, so only before the first bid. */
const dealFields = [
  'quantity',
  'minimumQuantity',
  'enforceMinimumQuantity',
  'openingBid',
  'reserve',
  'buyNowPrice',
  'discounts',
  'closesAt',
  'lowEstimate',
  'highEstimate',
  'reserveConfirmed',
] as const satisfies readonly (keyof LotChanges)[];

function mayEdit(state: ListedLot, by: LotEditor) {
  if (by.kind === 'seller' && state.lot.sellerId !== by.userId) throw new AppError('NOT_YOUR_LOT');
}

/** The estimates and the reserve as the lot would hold them: a reserve above the low estimate needs an admin. */
function checkEstimates(lot: LotListedData, by: LotEditor, touched: boolean) {
  const over = estimateProblem({ ...lot, reserveConfirmed: false }) === 'RESERVE_OVER_ESTIMATE';
  if (over && touched && lot.reserveConfirmed && by.kind !== 'admin')
    throw new AppError('RESERVE_CONFIRM_ADMIN');
  const problem = estimateProblem(lot);
  if (problem) throw new AppError(problem);
}

/** The fields whose values differ from the lot's now (an unchanged field is not a change). */
const changedFields = (state: ListedLot, changes: LotChanges): LotChanges =>
  Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) =>
        value !== undefined &&
        JSON.stringify(value) !== JSON.stringify(state.lot[key as keyof LotListedData]),
    ),
  ) as LotChanges;

const onSale = (state: Lot): Lot => (state.status === 'draft' ? initialLot() : state);

export function decideLot(command: LotCommand, state: Lot): LotEvent[] {
  switch (command.type) {
    case 'ListLot': {
      if (state.status !== 'empty')
        throw new AppError('LOT_ALREADY_LISTED', { params: { id: command.data.lotId } });
      if (Date.parse(command.data.closesAt) <= command.now.getTime()) throw new AppError('CLOSE_IN_PAST');
      checkEstimates(command.data, command.by, true);
      return [{ type: 'LotListed', data: command.data }];
    }
    case 'DraftLot':
    case 'SubmitLot':
    case 'ReturnLot':
    case 'ApproveLot':
      return decideReview(command, state);
    case 'UpdateLot': {
      if (state.status === 'empty') throw new AppError('LOT_NOT_FOUND');
      mayEdit(state, command.by);
      if (state.status === 'draft') {
        // A draft is its seller's: the house sends it back with a note instead of changing it.
        if (command.by.kind !== 'seller') throw new AppError('LOT_IS_DRAFT');
        if (state.review === 'submitted') throw new AppError('LOT_UNDER_REVIEW');
      } else if (state.status !== 'open') throw new AppError('LOT_NOT_OPEN');
      const changes = changedFields(state, command.changes);
      const changed = Object.keys(changes);
      if (changed.length === 0) return [];
      // Once approved, the reserve and the estimates are the house's (the seller set them in the draft).
      const housed = changed.filter((key) => (houseFields as readonly string[]).includes(key));
      if (command.by.kind === 'seller' && state.status !== 'draft' && housed.length > 0)
        throw new AppError('RESERVE_HOUSE_SET', { field: housed[0] });
      const deal = changed.filter((key) => (dealFields as readonly string[]).includes(key));
      if (deal.length > 0 && state.bidCount > 0)
        throw new AppError('LOT_HAS_BIDS', { params: { fields: deal.join(', ') }, field: deal[0] });
      if (changes.closesAt && Date.parse(changes.closesAt) <= command.now.getTime()) {
        throw new AppError('CLOSE_IN_PAST');
      }
      const merged = { ...state.lot, ...changes };
      if (merged.minimumQuantity > merged.quantity) throw new AppError('MINIMUM_OVER_QUANTITY');
      // A seller's change may keep an admin's confirmation only while the reserve and low estimate stay.
      const touched = ['reserve', 'lowEstimate', 'reserveConfirmed'].some((key) => key in changes);
      checkEstimates(merged, command.by, touched);
      // A lot's bottles are sold once: the quantity never drops below what buy now sold or holds.
      const taken = state.sold + heldAt(state, command.now.getTime());
      if (changes.quantity !== undefined && changes.quantity < taken)
        throw new AppError('QUANTITY_BELOW_SOLD', { params: { count: taken } });
      if (merged.buyNow && merged.buyNowPrice === null) throw new AppError('BUY_NOW_NEEDS_PRICE');
      return [
        {
          type: 'LotUpdated',
          data: { ...changes, changed, ...(command.source && { source: command.source }) },
        },
      ];
    }
    case 'WithdrawLot':
      if (state.status === 'empty') throw new AppError('LOT_NOT_FOUND');
      mayEdit(state, command.by);
      if (state.status === 'withdrawn') return [];
      // A seller may take back their draft at any time, even while the house has it.
      if (state.status !== 'open' && state.status !== 'draft') throw new AppError('LOT_NOT_OPEN');
      return [{ type: 'LotWithdrawn', data: { reason: command.reason } }];
    case 'RelistLot': {
      if (state.status === 'empty') throw new AppError('LOT_NOT_FOUND');
      mayEdit(state, command.by);
      // Retried with the same new lot: already done (the listing of the new lot follows).
      if (state.relistedAs === command.newLotId) return [];
      if (state.relistedAs) throw new AppError('LOT_ALREADY_RELISTED', { params: { id: state.relistedAs } });
      // A withdrawn draft was never approved: relisting it would list it without the house.
      if (state.review) throw new AppError('LOT_NOT_RELISTABLE');
      const unsold =
        state.status === 'withdrawn' || (state.status === 'closed' && state.outcome === 'unsold');
      const quantity = state.lot.quantity - state.sold;
      if (!unsold || quantity < 1) throw new AppError('LOT_NOT_RELISTABLE');
      // Checked before the old lot names the new one, whose listing would refuse it.
      if (Date.parse(command.closesAt) <= command.now.getTime()) throw new AppError('CLOSE_IN_PAST');
      return [{ type: 'LotRelisted', data: { newLotId: command.newLotId, quantity } }];
    }
    case 'ScheduleLot': {
      const { type: _type, ...schedule } = command;
      if (state.status !== 'empty' && schedule.auctionId === null) {
        // Taken out by the auction that holds it; once out (or held by another), nothing to do.
        if (state.scheduledIn !== schedule.from || state.status !== 'open') return [];
      }
      const problem = schedulingProblem(state, schedule);
      if (problem) throw schedulingError(problem, command.lotId, state);
      if (state.status === 'empty') return [];
      const { auctionId, lotNumber, startsAt, closesAt } = schedule;
      const live = auctionId !== null && schedule.live === true;
      const lot = state.lot;
      const same =
        lot.auctionId === auctionId &&
        lot.lotNumber === lotNumber &&
        lot.startsAt === startsAt &&
        lot.closesAt === closesAt &&
        (state.inLiveSale === true) === live &&
        (auctionId === null || state.scheduledIn === auctionId);
      return same
        ? []
        : [
            {
              type: 'LotScheduled',
              data: { auctionId, lotNumber, startsAt, closesAt, ...(live && { live: true }) },
            },
          ];
    }
    // A seller's draft is not on sale: to bidding, buy now, cancel and award it is no lot at all.
    case 'PlaceBid':
      // Issue 37: once the auctioneer opened the lot, bids are taken in the room, at the ask.
      if (state.status !== 'empty' && state.status !== 'draft' && state.live)
        throw new AppError('LIVE_BID_IN_ROOM');
      return decideBid(command, onSale(state));
    case 'CancelBids':
      return decideCancel(command, onSale(state));
    case 'AwardLot':
      return decideAward(command, onSale(state));
    case 'ReserveStock':
    case 'ReleaseReservation':
    case 'SellReservation':
    case 'RestockReturn':
      return decideStock(command, onSale(state));
    case 'MakeOffer':
    case 'CounterOffer':
    case 'AcceptOffer':
    case 'DeclineOffer':
    case 'WithdrawOffer':
    case 'ExpireOffer':
    case 'OfferSecondChance':
    case 'InviteToPrivateSale':
    case 'RecordPrivateSaleLink':
    case 'JoinPrivateSale':
      return decideOffer(command, state);
    case 'OpenLiveLot':
    case 'ChangeAsk':
    case 'TakeLiveBid':
    case 'FairWarning':
    case 'Hammer':
    case 'UndoCall':
    case 'FinishLiveLot':
      return decideLive(command, state);
    case 'PlaceAdvanceBid':
      return decideAdvance(command, state);
    case 'CloseLot':
      // Exactly once: only an open lot past its (extended) close closes; anything else is a no-op.
      if (state.status !== 'open') return [];
      // Issue 37: a lot of a live sale ends by the auctioneer's call, never by the clock.
      if (state.live || state.inLiveSale) return [];
      if (command.now.getTime() < Date.parse(state.lot.closesAt)) return [];
      return closeAuction(state, command.now);
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const lotDecider: Decider<LotCommand, LotEvent, Lot> = {
  decide: decideLot,
  evolve: evolveLot,
  initialState: initialLot,
};

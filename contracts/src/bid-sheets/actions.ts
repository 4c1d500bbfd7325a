import { action } from '../action.ts';
import { BidSheetRef, BidSheetResult, BidSheetSaveInput, BidSheetView } from './bid-sheet.ts';

/**
 * Issue 37 §6: the bidder's bid sheet for one auction, with a spending limit counted with the premium
 * and either/or groups; the house places its lines for the bidder (command-service bid-sheets).
 */
export const bidSheetActions = {
  /** Saves (or, before any line was placed, replaces) the caller's sheet for the auction. */
  bidSheetSave: action({
    path: '/api/bidsheet/save',
    side: 'command',
    auth: 'user',
    input: BidSheetSaveInput,
    output: BidSheetResult,
  }),
  /** Stops the sheet: the house places and raises nothing more; bids already placed stand. */
  bidSheetCancel: action({
    path: '/api/bidsheet/cancel',
    side: 'command',
    auth: 'user',
    input: BidSheetRef,
    output: BidSheetResult,
  }),
  /** The caller's own sheet for the auction: each line's status, the limit and what remains of it. */
  bidSheetGet: action({
    path: '/api/bidsheet/get',
    side: 'query',
    auth: 'user',
    input: BidSheetRef,
    output: BidSheetView,
  }),
} as const;

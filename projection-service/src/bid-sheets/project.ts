import type { BidSheetEvent } from '@wine/event-schemas';
import { streamIdOf } from '@wine/platform';
import { guardedPipeline, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation, type RecordedOf } from '../core/projection.ts';

export const BID_SHEETS = 'bid_sheets';

/** Codes a lot answers that may change with the next bid (as the write side's sheet.ts): the line waits again. */
const RETRIABLE_REFUSALS: readonly string[] = ['MIN_BID', 'BIDS_CHANGED'];

/** One line of a sheet as its stream tells it (`skipped` is read from the groups when asked). */
export interface BidSheetLineDocument {
  lot_id: string;
  max: number;
  status: 'waiting' | 'bidding' | 'won' | 'lost' | 'refused';
  cap: number | null;
  premium_percent: number | null;
  /** The cap bid before the last raise, until the lot took it (a refused raise goes back to it). */
  prior_cap: number | null;
  prior_premium_percent: number | null;
  amount: number | null;
  premium: number | null;
  placed_once: boolean;
  refused_code: string | null;
}

/** Issue 37 §6: a bidder's bid sheet for one auction, by its stream's id (`<auctionId>~<userId>`). */
export interface BidSheetDocument {
  _id: string;
  [key: string]: unknown;
  auction_id: string;
  bidder_id: string;
  status: 'active' | 'cancelled';
  limit: number;
  lines: BidSheetLineDocument[];
  groups: { lot_ids: string[] }[];
  saved_at: string;
  updated_at: string;
  _position: string;
}

type SheetEvent = RecordedOf<BidSheetEvent>;

const newLine = (lotId: string, max: number): BidSheetLineDocument => ({
  lot_id: lotId,
  max,
  status: 'waiting',
  cap: null,
  premium_percent: null,
  prior_cap: null,
  prior_premium_percent: null,
  amount: null,
  premium: null,
  placed_once: false,
  refused_code: null,
});

/**
 * Changes the line of `lotId` (an update pipeline over the lines, guarded by the event's position):
 * `change` is merged into it, its values expressions over the line (`$$l`); values from the event are
 * `$literal`.
 */
function lineChange(event: SheetEvent, lotId: string, change: Record<string, unknown>): ProjectedOperation {
  return guardedPipeline(BID_SHEETS, streamIdOf(event), event, [
    {
      $set: {
        updated_at: { $literal: event.metadata.occurredAt },
        lines: {
          $map: {
            input: '$lines',
            as: 'l',
            in: {
              $cond: [
                { $eq: ['$$l.lot_id', { $literal: lotId }] },
                { $mergeObjects: ['$$l', change] },
                '$$l',
              ],
            },
          },
        },
      },
    },
  ]);
}

/** A refused bid: a raise goes back to the cap before it; a first bid waits again, or is refused for good. */
function refusal(code: string): Record<string, unknown> {
  const back = { cap: '$$l.prior_cap', premium_percent: '$$l.prior_premium_percent' };
  const first = RETRIABLE_REFUSALS.includes(code)
    ? { status: { $literal: 'waiting' }, cap: null, premium_percent: null }
    : { status: { $literal: 'refused' }, cap: null, premium_percent: null, refused_code: { $literal: code } };
  return {
    $cond: [
      { $ne: ['$$l.prior_cap', null] },
      { ...back, prior_cap: null, prior_premium_percent: null },
      first,
    ],
  };
}

function project(event: SheetEvent): ProjectedOperation[] {
  const _id = streamIdOf(event);
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'BidSheetSaved': {
      const { auctionId, bidderId, limit, lines, groups } = event.data;
      const doc: BidSheetDocument = {
        _id,
        auction_id: auctionId,
        bidder_id: bidderId,
        status: 'active',
        limit,
        lines: lines.map((line) => newLine(line.lotId, line.max)),
        groups: groups.map((group) => ({ lot_ids: group.lotIds })),
        saved_at: at,
        updated_at: at,
        _position: event.position,
      };
      const { _id: _, _position: __, ...fields } = doc;
      return [
        // The first save inserts; a later one (before any line was placed) replaces the sheet.
        {
          collection: BID_SHEETS,
          operation: { updateOne: { filter: { _id }, update: { $setOnInsert: doc }, upsert: true } },
        },
        guardedUpdate(BID_SHEETS, _id, event, { $set: fields }),
      ];
    }
    case 'BidSheetLinePlaced': {
      const { lotId, cap, premiumPercent } = event.data;
      return [
        lineChange(event, lotId, {
          status: { $literal: 'bidding' },
          cap: { $literal: cap },
          premium_percent: { $literal: premiumPercent },
          prior_cap: null,
          prior_premium_percent: null,
          placed_once: true,
          refused_code: null,
        }),
      ];
    }
    case 'BidSheetLineRaised': {
      const { lotId, cap, premiumPercent } = event.data;
      return [
        lineChange(event, lotId, {
          prior_cap: '$$l.cap',
          prior_premium_percent: '$$l.premium_percent',
          cap: { $literal: cap },
          premium_percent: { $literal: premiumPercent },
        }),
      ];
    }
    case 'BidSheetLineRefused':
      return [lineChange(event, event.data.lotId, refusal(event.data.code) as Record<string, unknown>)];
    case 'BidSheetLineWon': {
      const { lotId, amount, premium } = event.data;
      return [
        lineChange(event, lotId, {
          status: { $literal: 'won' },
          amount: { $literal: amount },
          premium: { $literal: premium },
          prior_cap: null,
          prior_premium_percent: null,
        }),
      ];
    }
    case 'BidSheetLineLost':
      return [
        lineChange(event, event.data.lotId, {
          status: { $literal: 'lost' },
          cap: null,
          prior_cap: null,
          prior_premium_percent: null,
        }),
      ];
    case 'BidSheetCancelled':
      return [guardedUpdate(BID_SHEETS, _id, event, { $set: { status: 'cancelled', updated_at: at } })];
    default: {
      const _exhaustive: never = event;
      return [];
    }
  }
}

/** Issue 37 §6: the bidders' bid sheets, each line where its stream left it. */
export const bidSheetsProjection = defineProjection<BidSheetEvent>({
  name: 'bid-sheets',
  collections: [BID_SHEETS],
  handles: [
    'BidSheetSaved',
    'BidSheetLinePlaced',
    'BidSheetLineRaised',
    'BidSheetLineRefused',
    'BidSheetLineWon',
    'BidSheetLineLost',
    'BidSheetCancelled',
  ],
  project,
});

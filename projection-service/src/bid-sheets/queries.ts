import {
  actions,
  type BidSheetLineView,
  type BidSheetView,
  committedOf,
  type LotDocument,
} from '@wine/contracts';
import { findByIds, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { BID_SHEETS, type BidSheetDocument } from './project.ts';

/** A sheet's id: its stream's (`bidsheet-<auctionId>~<userId>`), as event-schemas' bidSheetStream names it. */
export const bidSheetId = (auctionId: string, userId: string) => `${auctionId}~${userId}`;

type LotFields = Pick<LotDocument, '_id' | 'title' | 'custitemlot_number'>;

/**
 * Each line as the bidder reads it: a line never placed whose group has a lot won is `skipped` (the
 * either/or group is done), otherwise as its stream left it; its group by index.
 */
export function sheetView(doc: BidSheetDocument, lots: ReadonlyMap<string, LotFields>): BidSheetView {
  const groupOf = new Map<string, number>();
  for (const [index, group] of doc.groups.entries())
    for (const lotId of group.lot_ids) groupOf.set(lotId, index);
  const wonGroups = new Set<number>();
  for (const line of doc.lines) {
    const group = groupOf.get(line.lot_id);
    if (line.status === 'won' && group !== undefined) wonGroups.add(group);
  }
  const lines: BidSheetLineView[] = doc.lines.map((line) => {
    const group = groupOf.get(line.lot_id) ?? null;
    const skipped = line.status !== 'won' && !line.placed_once && group !== null && wonGroups.has(group);
    const lot = lots.get(line.lot_id);
    return {
      lot_id: line.lot_id,
      lot_number: lot?.custitemlot_number ?? null,
      title: lot?.title ?? '',
      max: line.max,
      status: skipped ? 'skipped' : line.status,
      cap: line.status === 'bidding' || line.status === 'won' ? line.cap : null,
      premium_percent: line.premium_percent,
      amount: line.status === 'won' ? line.amount : null,
      premium: line.status === 'won' ? line.premium : null,
      group,
      refused_code: line.status === 'refused' ? line.refused_code : null,
    };
  });
  const committed = committedOf(lines);
  return {
    auction_id: doc.auction_id,
    status: doc.status,
    limit: doc.limit,
    committed,
    remaining: Math.max(0, doc.limit - committed),
    locked: doc.lines.some((line) => line.placed_once),
    lines,
    groups: doc.groups,
    saved_at: doc.saved_at,
  };
}

const none = (auctionId: string): BidSheetView => ({
  auction_id: auctionId,
  status: 'none',
  limit: 0,
  committed: 0,
  remaining: 0,
  locked: false,
  lines: [],
  groups: [],
  saved_at: null,
});

/** Issue 37 §6: bidsheet/get, the caller's own sheet for an auction (the id is the session's, never the body's). */
export const bidSheetQueries: QueryPlugin = async (app, { docs, auth }) => {
  const { authorize, viewerOf } = auth;
  registerAction(app, actions.bidSheetGet, authorize, async (input, { request }) => {
    const userId = viewerOf(request) as string;
    const doc = await docs
      .collection<BidSheetDocument>(BID_SHEETS)
      .findOne({ _id: bidSheetId(input.auction_id, userId) });
    if (!doc || doc.bidder_id !== userId) return none(input.auction_id);
    const found = await findByIds(
      docs.collection<LotDocument>(LOTS),
      doc.lines.map((line) => line.lot_id),
      { projection: { title: 1, custitemlot_number: 1 } },
    );
    return sheetView(doc, new Map(found.map((lot) => [lot._id, lot as LotFields])));
  });
};

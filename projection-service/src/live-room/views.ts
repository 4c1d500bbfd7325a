import type {
  LiveConsoleView,
  LiveRoomUserPatch,
  LiveRoomView,
  LiveStanding,
  LotDocument,
  UserDocument,
} from '@wine/contracts';
import { lotImage } from '../lots/view.ts';
import type { LiveRoomDocument, LiveRoomLot } from './project.ts';

/** The next lots the room shows. */
export const NEXT_LOTS_SHOWN = 5;

export type RoomLotFields = Pick<LotDocument, '_id' | 'title' | 'allattachmentlist'>;
export type BidderFields = Pick<UserDocument, '_id' | 'first_name' | 'last_name'>;

/**
 * Where the caller stands on the lot the room is on: leading or outbid while it is open, won or lost
 * once the hammer fell (a pass is lost to everyone who bid), 'none' for anyone who never bid on it.
 */
export function standingOf(lot: LiveRoomLot | null, userId: string | null): LiveStanding {
  if (!lot || !userId) return 'none';
  const bid = lot.bidders.includes(userId);
  if (lot.hammer) {
    if (lot.hammer.outcome === 'sold' && lot.hammer.bidder_id === userId) return 'won';
    return bid ? 'lost' : 'none';
  }
  if (lot.leader_id === userId) return 'leading';
  return bid ? 'outbid' : 'none';
}

/** The lot ids a room's view shows: the current lot, the lots called, and the next ones. */
export function shownLotIds(doc: LiveRoomDocument): string[] {
  const ids = [
    ...doc.called,
    ...upcoming(doc)
      .slice(0, NEXT_LOTS_SHOWN)
      .map((l) => l.lot_id),
  ];
  if (doc.current_lot_id) ids.push(doc.current_lot_id);
  return [...new Set(ids)];
}

/** The catalogue's lots not called yet, in catalogue order. */
const upcoming = (doc: LiveRoomDocument) => {
  const called = new Set(doc.called);
  return doc.catalogue.filter((l) => !called.has(l.lot_id));
};

/** The room as a bidder (or a visitor) sees it: paddles and sources only, never another bidder. */
export function roomView(
  doc: LiveRoomDocument,
  lots: ReadonlyMap<string, RoomLotFields>,
  viewerId: string | null,
): LiveRoomView {
  const numbers = new Map(doc.catalogue.map((l) => [l.lot_id, l.lot_number]));
  const lotOf = (lotId: string) => {
    const lot = lots.get(lotId);
    return {
      lot_id: lotId,
      lot_number: numbers.get(lotId) ?? null,
      title: lot?.title ?? '',
      image: lotImage(lot),
    };
  };
  const current = doc.current;
  const hammers = new Map(doc.results.map((r) => [r.lot_id, r]));
  const next = upcoming(doc);
  return {
    auction_id: doc._id,
    title: doc.title,
    status: doc.status,
    pause_reason: doc.pause_reason,
    current_lot: current
      ? {
          ...lotOf(current.lot_id),
          ask: current.ask,
          price: current.price,
          fair_warning: current.warned,
          hammer: current.hammer ? { outcome: current.hammer.outcome, amount: current.hammer.amount } : null,
          bids: current.bids.map((b) => ({
            amount: b.amount,
            source: b.source,
            // An internet or absentee bid shows no paddle: the bidder is never named to the room.
            paddle: b.source === 'floor' || b.source === 'phone' ? b.paddle : null,
            mine: viewerId !== null && b.bidder_id === viewerId,
            at: b.at,
          })),
          standing: standingOf(current, viewerId),
        }
      : null,
    my_paddle: (viewerId && doc.paddles.find((p) => p.user_id === viewerId)?.paddle) || null,
    paddle_count: doc.paddles.length,
    results: doc.called
      .filter((lotId) => lotId !== doc.current_lot_id)
      .map((lotId) => {
        const hammer = hammers.get(lotId);
        return { ...lotOf(lotId), outcome: hammer?.outcome ?? null, amount: hammer?.amount ?? null };
      }),
    next_lots: next.slice(0, NEXT_LOTS_SHOWN).map((l) => lotOf(l.lot_id)),
    lots_to_come: next.length,
    messages: doc.messages.map((m) => ({ text: m.text, at: m.at })),
  };
}

/**
 * The own part of the room of each user the lot on the block concerns (its bidders, the hammer's
 * winner): their standing and their bids among those roomView shows (the same order, so the same
 * indices). Everyone else sees the visitor's room: standing 'none', no bid theirs.
 */
export function userPatches(doc: LiveRoomDocument): Record<string, LiveRoomUserPatch> {
  const current = doc.current;
  if (!current) return {};
  const users = new Set(current.bidders);
  if (current.hammer?.bidder_id) users.add(current.hammer.bidder_id);
  const patches: Record<string, LiveRoomUserPatch> = {};
  for (const userId of users) {
    const mine: number[] = [];
    current.bids.forEach((bid, i) => {
      if (bid.bidder_id === userId) mine.push(i);
    });
    patches[userId] = { standing: standingOf(current, userId), mine };
  }
  return patches;
}

/**
 * The lot `ahead` places after `lotId` in the catalogue's order of lots not called, as the room stood
 * when `lotId` was called (the lots called up to it are out; a lot called later is not): the lot that
 * comes up once `ahead` lots, the called one among them, are sold. Null when there is none.
 */
export function lotComingUp(doc: LiveRoomDocument, lotId: string, ahead: number): string | null {
  const at = doc.called.lastIndexOf(lotId);
  if (at < 0 || ahead < 1) return null;
  const called = new Set(doc.called.slice(0, at + 1));
  return doc.catalogue.filter((l) => !called.has(l.lot_id))[ahead - 1]?.lot_id ?? null;
}

/** The users a console names: the current lot's leader and missed bidders, and every paddle's bidder. */
export function consoleUserIds(doc: LiveRoomDocument): string[] {
  const ids = doc.paddles.map((p) => p.user_id);
  if (doc.current?.leader_id) ids.push(doc.current.leader_id);
  if (doc.current?.absentee) ids.push(doc.current.absentee.bidder_id);
  for (const missed of doc.current?.missed ?? []) ids.push(missed.bidder_id);
  return [...new Set(ids)];
}

/** The auctioneer's console: the room, who leads the lot, the bids missed after the hammer, the paddles. */
export function consoleView(
  doc: LiveRoomDocument,
  lots: ReadonlyMap<string, RoomLotFields>,
  users: ReadonlyMap<string, BidderFields>,
  viewerId: string | null,
): LiveConsoleView {
  const current = doc.current;
  const firstName = (userId: string) => users.get(userId)?.first_name ?? '';
  return {
    ...roomView(doc, lots, viewerId),
    leader:
      current?.leader_id && current.leader_source
        ? {
            source: current.leader_source,
            paddle: current.leader_paddle,
            first_name: firstName(current.leader_id),
          }
        : null,
    absentee: current?.absentee
      ? {
          first_name: firstName(current.absentee.bidder_id),
          max: current.absentee.max,
          // Past the maximum, or outbid at an ask beyond it: the house bids no more for it.
          spent:
            (current.price ?? 0) > current.absentee.max ||
            (current.leader_id !== current.absentee.bidder_id && (current.ask ?? 0) > current.absentee.max),
        }
      : null,
    missed: (current?.missed ?? []).map((m) => ({
      first_name: firstName(m.bidder_id),
      ask: m.ask,
      at: m.at,
    })),
    missed_count: current?.missed_count ?? 0,
    paddles: doc.paddles.map((p) => ({
      paddle: p.paddle,
      user_id: p.user_id,
      first_name: firstName(p.user_id),
      last_name: users.get(p.user_id)?.last_name ?? '',
    })),
  };
}

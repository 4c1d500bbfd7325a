import type { AuctionEvent, LiveLotEvent, liveBidSources, RecordedEvent } from '@wine/event-schemas';
import { streamIdOf } from '@wine/platform';
import { type GuardedChange, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const LIVE_ROOMS = 'live_rooms';

/** The latest bids, missed bids and messages a room keeps (the log keeps them all). */
export const ROOM_KEEPS = 20;

type Source = (typeof liveBidSources)[number];

export interface LiveRoomBidEntry {
  bid_id: string;
  amount: number;
  source: Source;
  paddle: string | null;
  bidder_id: string;
  at: string;
}

/** The lot the room is on, as its stream's live events leave it. */
export interface LiveRoomLot {
  lot_id: string;
  ask: number | null;
  price: number | null;
  leader_id: string | null;
  leader_source: Source | null;
  leader_paddle: string | null;
  warned: boolean;
  hammer: { outcome: 'sold' | 'passed'; bidder_id: string | null; amount: number | null } | null;
  /** The latest bids, oldest first. */
  bids: LiveRoomBidEntry[];
  /** Everyone who bid on the lot in the room, or led it from the advance bids. */
  bidders: string[];
  /** The advance leader's maximum the house bids for (the clerk's book), null without one. */
  absentee?: { bidder_id: string; max: number } | null;
  missed: { bid_id: string; bidder_id: string; ask: number; at: string }[];
  missed_count: number;
}

/**
 * One auction's live room (issue 37): its title and catalogue, the room's status, the lot it is on, the
 * lots called with their hammer, the latest messages and the paddles. Bidder ids stay inside: the
 * queries show a bidder only paddles and sources.
 */
export interface LiveRoomDocument {
  [key: string]: unknown;
  _id: string;
  title: string;
  kind: 'timed' | 'live';
  /** The auction's lots in catalogue order. */
  catalogue: { lot_id: string; lot_number: string }[];
  status: 'not_open' | 'open' | 'paused' | 'closed';
  auctioneer_id: string | null;
  pause_reason: string;
  current_lot_id: string | null;
  current: LiveRoomLot | null;
  /** The lots called, in order. */
  called: string[];
  /** The standing hammer of each lot called (an undone call is taken out). */
  results: { lot_id: string; outcome: 'sold' | 'passed'; amount: number | null }[];
  messages: { text: string; at: string }[];
  paddles: { paddle: string; user_id: string }[];
  _position: string;
}

const freshLot = (lotId: string): LiveRoomLot => ({
  lot_id: lotId,
  ask: null,
  price: null,
  leader_id: null,
  leader_source: null,
  leader_paddle: null,
  warned: false,
  hammer: null,
  bids: [],
  bidders: [],
  missed: [],
  missed_count: 0,
});

const kept = (entry: unknown) => ({ $each: [entry], $slice: -ROOM_KEEPS });

/**
 * A change to the room whose current lot is `lotId`, guarded as guardedUpdate is: the lot's stream does
 * not name its auction after LiveLotOpened, and its live events all fall while the room is on it (the
 * room moves on only after LotClosed, which ends them).
 */
function onCurrentLot(lotId: string, event: RecordedEvent, change: GuardedChange): ProjectedOperation {
  const { operation } = guardedUpdate(LIVE_ROOMS, lotId, event, change);
  if (!('updateOne' in operation)) return { collection: LIVE_ROOMS, operation };
  const filter = { current_lot_id: lotId, _position: { $lt: event.position } };
  return { collection: LIVE_ROOMS, operation: { updateOne: { ...operation.updateOne, filter } } };
}

type RoomEvent = AuctionEvent | LiveLotEvent;

/** The `live_rooms` read model: one document per auction, for the room page and the console. */
export const liveRoomsProjection = defineProjection<RoomEvent>({
  name: 'live-rooms',
  collections: [LIVE_ROOMS],
  handles: [
    'AuctionCreated',
    'AuctionUpdated',
    'AuctionLotsArranged',
    'LiveSaleOpened',
    'LiveLotCalled',
    'LiveSalePaused',
    'LiveSaleResumed',
    'LiveRoomMessage',
    'LiveSaleClosed',
    'LivePaddleAssigned',
    'LiveLotOpened',
    'LiveAskChanged',
    'LiveBidTaken',
    'LiveBidMissed',
    'LiveFairWarning',
    'LiveLotHammered',
    'LiveCallUndone',
  ],
  indexes: { [LIVE_ROOMS]: [{ key: { current_lot_id: 1 }, name: 'current_lot' }] },
  project(event): ProjectedOperation[] {
    const id = streamIdOf(event);
    const at = event.metadata.occurredAt;
    const room = (change: GuardedChange) => [guardedUpdate(LIVE_ROOMS, id, event, change)];
    const lot = (change: GuardedChange) => [onCurrentLot(id, event, change)];
    switch (event.type) {
      case 'AuctionCreated': {
        const doc: LiveRoomDocument = {
          _id: id,
          title: event.data.title,
          kind: event.data.kind,
          catalogue: [],
          status: 'not_open',
          auctioneer_id: null,
          pause_reason: '',
          current_lot_id: null,
          current: null,
          called: [],
          results: [],
          messages: [],
          paddles: [],
          _position: event.position,
        };
        return [
          {
            collection: LIVE_ROOMS,
            operation: { updateOne: { filter: { _id: id }, update: { $setOnInsert: doc }, upsert: true } },
          },
        ];
      }
      case 'AuctionUpdated': {
        const { title, kind } = event.data;
        if (title === undefined && kind === undefined) return [];
        return room({ $set: { ...(title !== undefined && { title }), ...(kind !== undefined && { kind }) } });
      }
      case 'AuctionLotsArranged':
        return room({
          $set: { catalogue: event.data.lots.map((l) => ({ lot_id: l.lotId, lot_number: l.lotNumber })) },
        });
      case 'LiveSaleOpened':
        return room({ $set: { status: 'open', auctioneer_id: event.data.auctioneerId } });
      case 'LiveLotCalled':
        return room({
          $set: { current_lot_id: event.data.lotId, current: freshLot(event.data.lotId) },
          $push: { called: event.data.lotId },
        });
      case 'LiveSalePaused':
        return room({ $set: { status: 'paused', pause_reason: event.data.reason } });
      case 'LiveSaleResumed':
        return room({ $set: { status: 'open', pause_reason: '' } });
      case 'LiveRoomMessage':
        return room({ $push: { messages: kept({ text: event.data.text, at }) } });
      case 'LiveSaleClosed':
        return room({ $set: { status: 'closed', pause_reason: '', current_lot_id: null, current: null } });
      case 'LivePaddleAssigned':
        return room({ $push: { paddles: { paddle: event.data.paddle, user_id: event.data.userId } } });
      case 'LiveLotOpened': {
        const { ask, price, leaderId, absenteeMax } = event.data;
        // The advance bids' leader is bid for by the house: an absentee.
        return lot({
          $set: {
            'current.ask': ask,
            'current.price': price,
            'current.leader_id': leaderId,
            'current.leader_source': leaderId ? 'absentee' : null,
            'current.leader_paddle': null,
            'current.warned': false,
            'current.hammer': null,
            'current.bidders': leaderId ? [leaderId] : [],
            'current.absentee':
              leaderId && absenteeMax !== undefined ? { bidder_id: leaderId, max: absenteeMax } : null,
          },
        });
      }
      case 'LiveAskChanged':
        return lot({ $set: { 'current.ask': event.data.ask } });
      case 'LiveBidTaken': {
        const { bidId, source, bidderId, paddle, amount, nextAsk } = event.data;
        const bid: LiveRoomBidEntry = { bid_id: bidId, amount, source, paddle, bidder_id: bidderId, at };
        return lot({
          $set: {
            'current.ask': nextAsk,
            'current.price': amount,
            'current.leader_id': bidderId,
            'current.leader_source': source,
            'current.leader_paddle': paddle,
            'current.warned': false,
          },
          $push: { 'current.bids': kept(bid) },
          $addToSet: { 'current.bidders': bidderId },
        });
      }
      case 'LiveBidMissed': {
        const { bidId, bidderId, ask } = event.data;
        return lot({
          $push: { 'current.missed': kept({ bid_id: bidId, bidder_id: bidderId, ask, at }) },
          $inc: { 'current.missed_count': 1 },
        });
      }
      case 'LiveFairWarning':
        return lot({ $set: { 'current.warned': true } });
      case 'LiveLotHammered': {
        const { outcome, bidderId, amount } = event.data;
        return lot({
          $set: { 'current.hammer': { outcome, bidder_id: bidderId, amount } },
          $push: { results: { lot_id: id, outcome, amount } },
        });
      }
      case 'LiveCallUndone':
        return lot({
          $set: { 'current.hammer': null, 'current.warned': false },
          $pull: { results: { lot_id: id } },
        });
      default:
        return [];
    }
  },
});

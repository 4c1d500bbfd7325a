import {
  type LiveRoomChangedNotice,
  subjects,
  type UserChangedNotice,
  type UserMessage,
} from '@wine/contracts';
import type { AuctionEvent, LiveLotEvent, Position, RecordedEvent } from '@wine/event-schemas';
import { type Bus, type DocumentStore, findByIds, findIn, streamIdOf } from '@wine/platform';
import { isOneOf, type RecordedOf } from '../core/projection.ts';
import type { ChangeWindow, Notifier } from '../core/publisher.ts';
import { WATCHLISTS, type WatchlistDocument } from '../watchlists/project.ts';
import { LIVE_ROOMS, type LiveRoomDocument, liveRoomsProjection } from './project.ts';
import { lotsOf } from './queries.ts';
import { lotComingUp, roomView, userPatches } from './views.ts';

/** Issue 37: the watchers of the lot this many lots after the one called hear it comes up. */
export const COMING_UP_LOTS_BEFORE = 3;

type LotCalled = RecordedOf<Extract<AuctionEvent, { type: 'LiveLotCalled' }>>;

/**
 * What changed the live rooms in a window: per auction, the last event on its own stream; per lot, the
 * last of its live events (its room is the one on it, read when published); the lots called.
 */
export interface LiveRoomChanges extends ChangeWindow {
  rooms: Map<string, RecordedEvent>;
  lots: Map<string, RecordedEvent>;
  calls: LotCalled[];
}

/** The live room's events on a lot's stream (the auction's own are the projection's other types). */
const liveLotTypes = new Set<LiveLotEvent['type']>([
  'LiveLotOpened',
  'LiveAskChanged',
  'LiveBidTaken',
  'LiveBidMissed',
  'LiveFairWarning',
  'LiveLotHammered',
  'LiveCallUndone',
]);
/** The room's events on the auction's stream: every other type the read model takes. */
const roomTypes = new Set(
  [...liveRoomsProjection.handles].filter((type) => !(liveLotTypes as ReadonlySet<string>).has(type)),
);

function addLiveRoomChanges(changes: LiveRoomChanges, events: readonly RecordedEvent[]): void {
  for (const event of events) {
    const id = streamIdOf(event);
    if (!id) continue;
    if (event.streamName.startsWith('auction-') && roomTypes.has(event.type)) {
      changes.rooms.set(id, event);
      if (event.type === 'LiveLotCalled') changes.calls.push(event as LotCalled);
    } else if (event.streamName.startsWith('lot-') && isOneOf<LiveLotEvent>(liveLotTypes, event)) {
      changes.lots.set(id, event);
    }
  }
}

const later = (a: RecordedEvent | undefined, b: RecordedEvent | undefined) =>
  !a ? b : !b ? a : a.position < b.position ? b : a;

/** One message for the bus, told in log order with the others of the window. */
interface Outgoing {
  position: Position;
  subject: string;
  data: LiveRoomChangedNotice | UserChangedNotice;
  msgId: string;
}

/**
 * Each live room changed, whole, as a visitor sees it with the patches of the users its lot concerns,
 * at its last event (in the message id: a republish is dropped by the bus). A lot's events reach the
 * room on it: the room moves on only by an event of its own, which the window then holds too.
 */
async function roomNotices(changes: LiveRoomChanges, docs: DocumentStore): Promise<Outgoing[]> {
  const collection = docs.collection<LiveRoomDocument>(LIVE_ROOMS);
  const [byId, byLot] = await Promise.all([
    findByIds(collection, changes.rooms.keys(), { readonly: true }),
    changes.lots.size > 0
      ? findIn(collection, 'current_lot_id', changes.lots.keys(), {}, { readonly: true })
      : Promise.resolve([]),
  ]);
  const rooms = new Map([...byId, ...byLot].map((doc) => [doc._id, doc]));
  const out: Outgoing[] = [];
  for (const doc of rooms.values()) {
    // A timed auction has no room: its creation and updates are no one's news here.
    if (doc.kind !== 'live') continue;
    const last = later(
      changes.rooms.get(doc._id),
      doc.current_lot_id ? changes.lots.get(doc.current_lot_id) : undefined,
    );
    if (!last) continue;
    const notice: LiveRoomChangedNotice = {
      position: last.position,
      eventId: last.id,
      auctionId: doc._id,
      room: roomView(doc, await lotsOf(docs, doc), null),
      users: userPatches(doc),
    };
    out.push({
      position: last.position,
      subject: subjects.liveRoomChanged(doc._id),
      data: notice,
      // The bus drops a second use of a message id on any subject: the lot's own notice of the same
      // event carries the bare id.
      msgId: `live-room:${last.id}`,
    });
  }
  return out;
}

/**
 * Issue 37 "coming up": on each lot called, the users watching the lot three lots further in the
 * catalogue's order of lots not called are told, each on their own channel. Only while the room is
 * still on the lot called: a catch-up over a sale long past tells no one of it again.
 */
async function comingUpNotices(changes: LiveRoomChanges, docs: DocumentStore): Promise<Outgoing[]> {
  if (changes.calls.length === 0) return [];
  const auctions = changes.calls.map((call) => streamIdOf(call));
  const rooms = new Map(
    (await findByIds(docs.collection<LiveRoomDocument>(LIVE_ROOMS), auctions, { readonly: true })).map(
      (doc) => [doc._id, doc],
    ),
  );
  const out: Outgoing[] = [];
  for (const call of changes.calls) {
    const auctionId = streamIdOf(call);
    const doc = rooms.get(auctionId);
    if (!doc || doc.current_lot_id !== call.data.lotId) continue;
    const lotId = lotComingUp(doc, call.data.lotId, COMING_UP_LOTS_BEFORE);
    if (!lotId) continue;
    const watchers = await findIn(
      docs.collection<WatchlistDocument>(WATCHLISTS),
      'lot_id',
      [lotId],
      {},
      { projection: { user_id: 1 } },
    );
    for (const userId of new Set(watchers.map((w) => w.user_id))) {
      const message: UserMessage = {
        type: 'liveComingUp',
        position: call.position,
        auction_id: auctionId,
        lot_id: lotId,
        lots_before: COMING_UP_LOTS_BEFORE,
      };
      const notice: UserChangedNotice = { position: call.position, eventId: call.id, userId, message };
      // One call tells many users: one message id each.
      out.push({
        position: call.position,
        subject: subjects.userChanged(userId),
        data: notice,
        msgId: `live-coming-up:${userId}:${call.id}`,
      });
    }
  }
  return out;
}

/**
 * Tells the bus of the window's rooms and coming-up lots in log order (a stable sort: a call's
 * coming-up notices before its room's frame at the same position), as the lots' notices go out.
 */
async function publishLiveRoomChanges(changes: LiveRoomChanges, bus: Bus, docs: DocumentStore) {
  if (changes.rooms.size === 0 && changes.lots.size === 0) return;
  const outgoing = [...(await comingUpNotices(changes, docs)), ...(await roomNotices(changes, docs))].sort(
    (a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0),
  );
  for (const { subject, data, msgId } of outgoing) await bus.publish(subject, data, { msgId });
}

export function openLiveRoomChanges(): LiveRoomChanges {
  const changes: LiveRoomChanges = {
    rooms: new Map(),
    lots: new Map(),
    calls: [],
    add: (events) => addLiveRoomChanges(changes, events),
    pending: () => changes.rooms.size + changes.lots.size,
    publish: (bus, docs) => publishLiveRoomChanges(changes, bus, docs),
  };
  return changes;
}

/** The live rooms' frames ('live:<auctionId>') and the watchers' "coming up" messages. */
export const liveRoomsNotifier: Notifier = { name: 'live-rooms', open: openLiveRoomChanges };

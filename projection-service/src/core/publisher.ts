import {
  type LotChangedNotice,
  type LotDocument,
  subjects,
  type UserChangedNotice,
  type ViewerStatus,
} from '@wine/contracts';
import type { Position, RecordedEvent } from '@wine/event-schemas';
import { type Bus, type DocumentStore, findByIds, findIn } from '@wine/platform';
import { LOT_BIDDERS, type LotBidderDocument } from '../bids/project.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { LOTS } from '../lots/project.ts';
import { lotView } from '../lots/view.ts';
import { lotIdOf } from './shared-ids.ts';

/** One lot's changes in a window: its last event, and what kinds of event there were. */
interface LotChange {
  /** The window's last event on the lot. */
  id: string;
  position: Position;
  /** The event types, each once, in the order of its last occurrence (so the last is the last event's). */
  events: string[];
  belowFive: boolean;
}

/**
 * What committed events changed, gathered for the bus: per lot, and the users' own changes
 * (watchlist, carts). `addChanges` folds more events in, so a catch-up can tell the bus of many
 * batches at once. Who a lot's events touched is not gathered event by event: their standings say it
 * (every standing an event changes records its position), so a window holds one small entry per lot
 * whatever the number of its bids.
 */
export interface Changes {
  /** The position of the first event folded in: a standing at or after it was changed in the window. */
  from: Position | null;
  lots: Map<string, LotChange>;
  watched: RecordedEvent[];
  /** Per user, the last event that changed their carts (cart lines, wallet, an invoice issued to them). */
  carts: Map<string, RecordedEvent>;
  /** Per invoice, its last event after it was issued: whose it is the invoices read model says. */
  invoices: Map<string, RecordedEvent>;
}

export const noChanges = (): Changes => ({
  from: null,
  lots: new Map(),
  watched: [],
  carts: new Map(),
  invoices: new Map(),
});

/** What a window holds until published: an entry per lot, user, invoice or watchlist event. */
export const pendingEntries = (changes: Changes): number =>
  changes.lots.size + changes.watched.length + changes.carts.size + changes.invoices.size;

/** Keeps the later of two events for one key (log order). */
function keepLast(map: Map<string, RecordedEvent>, key: string, event: RecordedEvent) {
  const known = map.get(key);
  if (!known || known.position < event.position) map.set(key, event);
}

/** Notes a change of what a user's carts show: their cart, their wallet, one of their invoices. */
function addCartChange(changes: Changes, event: RecordedEvent): void {
  const name = event.streamName;
  const id = name.slice(name.indexOf('-') + 1);
  if (name.startsWith('cart-') || name.startsWith('wallet-')) keepLast(changes.carts, id, event);
  else if (name.startsWith('invoice-')) {
    // The event that issues an invoice names its buyer; the ones after it are looked up when published.
    if (event.type === 'InvoiceIssued')
      keepLast(changes.carts, (event.data as { buyerId: string }).buyerId, event);
    else keepLast(changes.invoices, id, event);
  }
}

/** Moves `type` to the end of `list`, where it stands once (a window's types in order of last occurrence). */
function noteType(list: string[], type: string): void {
  const last = list.length - 1;
  if (list[last] === type) return;
  const at = list.indexOf(type);
  if (at < 0) {
    list.push(type);
    return;
  }
  for (let i = at; i < last; i++) list[i] = list[i + 1] as string;
  list[last] = type;
}

/** Folds the events' changes into `changes` (pure but for `changes`), in log order. */
export function addChanges(changes: Changes, events: readonly RecordedEvent[]): Changes {
  for (const event of events) {
    changes.from ??= event.position;
    if (event.type === 'LotWatched' || event.type === 'LotUnwatched') {
      changes.watched.push(event);
      continue;
    }
    if (!event.streamName.startsWith('lot-')) {
      addCartChange(changes, event);
      continue;
    }
    const lotId = lotIdOf(event);
    if (!lotId) continue;
    let change = changes.lots.get(lotId);
    if (!change) {
      change = { id: event.id, position: event.position, events: [], belowFive: false };
      changes.lots.set(lotId, change);
    }
    change.id = event.id;
    change.position = event.position;
    noteType(change.events, event.type);
    if (event.type === 'LotExtended') change.belowFive = true;
  }
  return changes;
}

const kindOf = (events: string[]): LotChangedNotice['kind'] => {
  if (events.includes('LotClosed')) return 'realclosedupdates';
  if (events.some((t) => t === 'BidPlaced' || t === 'ProxyBidPlaced' || t === 'MaxBidRaised'))
    return 'bidAddtime';
  return 'lotChanged';
};

/** Lots per query of their standings: an `$in` the embedded planner walks lot by lot (at most 1,024). */
const LOTS_PER_QUERY = 1000;

/**
 * Per lot changed, the standing of each user its events touched, from the standings themselves: every
 * standing an event changes records that event's position, so those at or after the window's first
 * event are the ones it touched; and a bidder was outbid in the window when their last outbid is in
 * it. Read only, and whole (a standing is small): a catch-up window asks for hundreds of thousands.
 */
async function touchedUsers(docs: DocumentStore, changes: Changes) {
  const from = changes.from as Position;
  const standings = await findIn(
    docs.collection<LotBidderDocument>(LOT_BIDDERS),
    'lot_id',
    changes.lots.keys(),
    { _position: { $gte: from } },
    { readonly: true },
    LOTS_PER_QUERY,
  );
  // A dictionary per lot from the start: each lot has its own set of user ids, and an object growing
  // one id at a time would make a shape per id. An index gives a lot's standings together: one lookup
  // per run of them.
  const usersOf = new Map<string, LotChangedNotice['users']>();
  let lotId: string | null = null;
  let users = Object.create(null) as LotChangedNotice['users'];
  for (const s of standings) {
    if (s.lot_id !== lotId) {
      lotId = s.lot_id;
      const known = usersOf.get(lotId);
      users = known ?? (Object.create(null) as LotChangedNotice['users']);
      if (!known) usersOf.set(lotId, users);
    }
    users[s.user_id] = {
      bidtopstatus: s.bidtopstatus,
      bid_or_not: s.bid_or_not,
      my_max_bid: s.max_bid,
      outbid: s.outbid_position !== undefined && s.outbid_position >= from,
    } satisfies ViewerStatus & { outbid: boolean };
  }
  return usersOf;
}

/**
 * Tells the bus of gathered changes (ARCHITECTURE.md: only after the read model is committed, with
 * the log position): one notice per lot, and one per user-owned change (watchlist). The message id is
 * the event id, so a republish after a restart is dropped by the bus. The documents are read as
 * committed (no later event has touched them). Lots go out in the order of their last positions, so a
 * consumer that keeps the latest notices and drops the oldest (the realtime replay buffer) always holds
 * every change after the oldest it kept.
 */
export async function publishChanges(bus: Bus, docs: DocumentStore, changes: Changes, now: Date) {
  if (changes.lots.size > 0) {
    const [lots, usersOf] = await Promise.all([
      // Read only, into notices: the store's own documents, not copies of them.
      findByIds(docs.collection<LotDocument>(LOTS), changes.lots.keys(), { readonly: true }),
      changes.from === null ? new Map<string, LotChangedNotice['users']>() : touchedUsers(docs, changes),
    ]);
    const ordered = lots
      .map((doc) => ({ doc, change: changes.lots.get(doc._id) }))
      .filter((x): x is { doc: LotDocument; change: LotChange } => x.change !== undefined)
      .sort((a, b) => (a.change.position < b.change.position ? -1 : 1));
    for (const { doc, change } of ordered) {
      const users = usersOf.get(doc._id) ?? {};
      const notice: LotChangedNotice = {
        position: change.position,
        eventId: change.id,
        kind: kindOf(change.events),
        events: change.events,
        below_five: change.belowFive ? 1 : 0,
        // The public view: no one's own fields, and not who the seller is.
        lot: lotView(doc, now, null),
        users,
      };
      await bus.publish(subjects.lotChanged(doc._id), notice, { msgId: change.id });
    }
  }
  for (const event of changes.watched) {
    const userId = event.streamName.slice('user-'.length);
    const lotId = (event.data as { lotId: string }).lotId;
    const notice: UserChangedNotice = {
      position: event.position,
      eventId: event.id,
      userId,
      message: {
        type: 'watchlistAdded',
        position: event.position,
        lot_id: lotId,
        status: event.type === 'LotWatched' ? 1 : 0,
      },
    };
    await bus.publish(subjects.userChanged(userId), notice, { msgId: event.id });
  }
  await publishCartChanges(bus, docs, changes);
}

/** One cartChanged per user whose carts changed, with the last position among their changes. */
async function publishCartChanges(bus: Bus, docs: DocumentStore, changes: Changes) {
  const byUser = new Map(changes.carts);
  if (changes.invoices.size > 0) {
    const invoices = await findByIds(docs.collection<InvoiceDocument>(INVOICES), changes.invoices.keys(), {
      projection: { buyer_id: 1 },
    });
    for (const invoice of invoices) {
      const event = changes.invoices.get(invoice._id);
      if (event) keepLast(byUser, invoice.buyer_id, event);
    }
  }
  const ordered = [...byUser].sort(([, a], [, b]) => (a.position < b.position ? -1 : 1));
  for (const [userId, event] of ordered) {
    const notice: UserChangedNotice = {
      position: event.position,
      eventId: event.id,
      userId,
      message: { type: 'cartChanged', position: event.position },
    };
    await bus.publish(subjects.userChanged(userId), notice, { msgId: event.id });
  }
}

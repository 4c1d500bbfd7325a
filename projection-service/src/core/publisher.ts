import {
  type LotChangedNotice,
  type LotDocument,
  subjects,
  type UserChangedNotice,
  type ViewerStatus,
} from '@wine/contracts';
import type { LotEvent, RecordedEvent } from '@wine/event-schemas';
import { type Bus, type DocumentStore, findByIds } from '@wine/platform';
import { LOT_BIDDERS, type LotBidderDocument, lotBidderId } from '../bids/project.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { LOTS } from '../lots/project.ts';
import { lotView } from '../lots/view.ts';

interface LotChange {
  last: RecordedEvent;
  events: string[];
  users: Set<string>;
  outbid: Set<string>;
  belowFive: boolean;
}

/**
 * What committed events changed, gathered for the bus: per lot, and the users' own changes
 * (watchlist, carts). `addChanges` folds more events in, so a catch-up can tell the bus of many
 * batches at once.
 */
export interface Changes {
  lots: Map<string, LotChange>;
  watched: RecordedEvent[];
  /** Per user, the last event that changed their carts (cart lines, wallet, an invoice issued to them). */
  carts: Map<string, RecordedEvent>;
  /** Per invoice, its last event after it was issued: whose it is the invoices read model says. */
  invoices: Map<string, RecordedEvent>;
}

export const noChanges = (): Changes => ({
  lots: new Map(),
  watched: [],
  carts: new Map(),
  invoices: new Map(),
});

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

/**
 * One string per event type: each event read from the log carries its own copy of its type's name,
 * and a window keeps one per event (a million of them, 32 MB, in a catch-up).
 */
const typeNames = new Map<string, string>();
function typeName(type: string): string {
  const known = typeNames.get(type);
  if (known !== undefined) return known;
  typeNames.set(type, type);
  return type;
}

/** Folds the events' changes into `changes` (pure but for `changes`), in log order. */
export function addChanges(changes: Changes, events: readonly RecordedEvent[]): Changes {
  for (const event of events) {
    if (event.type === 'LotWatched' || event.type === 'LotUnwatched') {
      changes.watched.push(event);
      continue;
    }
    if (!event.streamName.startsWith('lot-')) {
      addCartChange(changes, event);
      continue;
    }
    const lotId = event.streamName.slice('lot-'.length);
    if (!lotId) continue;
    let change = changes.lots.get(lotId);
    if (!change) {
      change = { last: event, events: [], users: new Set(), outbid: new Set(), belowFive: false };
      changes.lots.set(lotId, change);
    }
    change.last = event;
    change.events.push(typeName(event.type));
    switch (event.type) {
      case 'BidPlaced':
      case 'ProxyBidPlaced': {
        const bid = event.data as Extract<LotEvent, { type: 'BidPlaced' }>['data'];
        change.users.add(bid.bidderId);
        if (bid.outbidUserId) {
          change.users.add(bid.outbidUserId);
          change.outbid.add(bid.outbidUserId);
        }
        break;
      }
      case 'MaxBidRaised':
        change.users.add((event.data as Extract<LotEvent, { type: 'MaxBidRaised' }>['data']).bidderId);
        break;
      case 'LotExtended':
        change.belowFive = true;
        break;
      case 'LotClosed': {
        const closed = event.data as Extract<LotEvent, { type: 'LotClosed' }>['data'];
        if (closed.winnerId) change.users.add(closed.winnerId);
        for (const user of closed.losers) change.users.add(user);
        break;
      }
      default:
        break;
    }
  }
  return changes;
}

const kindOf = (events: string[]): LotChangedNotice['kind'] => {
  if (events.includes('LotClosed')) return 'realclosedupdates';
  if (events.some((t) => t === 'BidPlaced' || t === 'ProxyBidPlaced' || t === 'MaxBidRaised'))
    return 'bidAddtime';
  return 'lotChanged';
};

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
    const pairs: string[] = [];
    for (const [lotId, c] of changes.lots) for (const u of c.users) pairs.push(lotBidderId(lotId, u));
    // In chunks of ids: a catch-up window's standings in one filter outgrew MongoDB's 16 MB (issue 13).
    const [lots, standings] = await Promise.all([
      // Read only, into notices: the store's own documents, not copies of them.
      findByIds(docs.collection<LotDocument>(LOTS), changes.lots.keys(), { readonly: true }),
      // Read only, and whole (a standing is small): a catch-up window asks for hundreds of thousands.
      findByIds(docs.collection<LotBidderDocument>(LOT_BIDDERS), pairs, { readonly: true }),
    ]);
    // Each lot's users, from the standings as found: a standing names its lot and its user, so no map
    // of every pair is built. A dictionary from the start: each lot has its own set of user ids, and an
    // object growing one id at a time would make a new shape per id.
    const usersOf = new Map<string, LotChangedNotice['users']>();
    for (const s of standings) {
      const change = changes.lots.get(s.lot_id);
      if (!change) continue;
      let users = usersOf.get(s.lot_id);
      if (!users) {
        users = Object.create(null) as LotChangedNotice['users'];
        usersOf.set(s.lot_id, users);
      }
      users[s.user_id] = {
        bidtopstatus: s.bidtopstatus,
        bid_or_not: s.bid_or_not,
        my_max_bid: s.max_bid,
        outbid: change.outbid.has(s.user_id),
      } satisfies ViewerStatus & { outbid: boolean };
    }
    const ordered = lots
      .map((doc) => ({ doc, change: changes.lots.get(doc._id) }))
      .filter((x): x is { doc: LotDocument; change: LotChange } => x.change !== undefined)
      .sort((a, b) => (a.change.last.position < b.change.last.position ? -1 : 1));
    for (const { doc, change } of ordered) {
      const users = usersOf.get(doc._id) ?? {};
      const notice: LotChangedNotice = {
        position: change.last.position,
        eventId: change.last.id,
        kind: kindOf(change.events),
        events: change.events,
        below_five: change.belowFive ? 1 : 0,
        // The public view: no one's own fields, and not who the seller is.
        lot: lotView(doc, now, null),
        users,
      };
      await bus.publish(subjects.lotChanged(doc._id), notice, { msgId: change.last.id });
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

import {
  type LotChangedNotice,
  type LotDocument,
  subjects,
  type UserChangedNotice,
  type ViewerStatus,
} from '@wine/contracts';
import type { LotEvent, RecordedEvent } from '@wine/event-schemas';
import type { Bus, DocumentStore } from '@wine/platform';
import { LOT_BIDDERS, type LotBidderDocument, lotBidderId } from '../bids/project.ts';
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
 * (watchlist). `addChanges` folds more events in, so a catch-up can tell the bus of many batches at once.
 */
export interface Changes {
  lots: Map<string, LotChange>;
  watched: RecordedEvent[];
}

export const noChanges = (): Changes => ({ lots: new Map(), watched: [] });

/** Folds the events' changes into `changes` (pure but for `changes`), in log order. */
export function addChanges(changes: Changes, events: readonly RecordedEvent[]): Changes {
  for (const event of events) {
    if (event.type === 'LotWatched' || event.type === 'LotUnwatched') {
      changes.watched.push(event);
      continue;
    }
    if (!event.streamName.startsWith('lot-')) continue;
    const lotId = event.streamName.slice('lot-'.length);
    if (!lotId) continue;
    let change = changes.lots.get(lotId);
    if (!change) {
      change = { last: event, events: [], users: new Set(), outbid: new Set(), belowFive: false };
      changes.lots.set(lotId, change);
    }
    change.last = event;
    change.events.push(event.type);
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
    const [lots, standings] = await Promise.all([
      docs.collection<LotDocument>(LOTS).find({ _id: { $in: [...changes.lots.keys()] } }),
      pairs.length > 0
        ? docs
            .collection<LotBidderDocument>(LOT_BIDDERS)
            // Only the standing: a catch-up window asks for hundreds of thousands of them.
            .find({ _id: { $in: pairs } }, { projection: { bidtopstatus: 1, bid_or_not: 1, max_bid: 1 } })
        : Promise.resolve([]),
    ]);
    const standing = new Map(standings.map((s) => [s._id, s]));
    const ordered = lots
      .map((doc) => ({ doc, change: changes.lots.get(doc._id) }))
      .filter((x): x is { doc: LotDocument; change: LotChange } => x.change !== undefined)
      .sort((a, b) => (a.change.last.position < b.change.last.position ? -1 : 1));
    for (const { doc, change } of ordered) {
      const users: LotChangedNotice['users'] = {};
      for (const userId of change.users) {
        const s = standing.get(lotBidderId(doc._id, userId));
        if (!s) continue;
        users[userId] = {
          bidtopstatus: s.bidtopstatus,
          bid_or_not: s.bid_or_not,
          my_max_bid: s.max_bid,
          outbid: change.outbid.has(userId),
        } satisfies ViewerStatus & { outbid: boolean };
      }
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
}

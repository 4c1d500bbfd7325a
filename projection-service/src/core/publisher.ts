import {
  type LotChangedNotice,
  type LotDocument,
  subjects,
  type UserChangedNotice,
  type ViewerStatus,
} from '@wine/contracts';
import { type LotEvent, parseStreamName, type RecordedEvent } from '@wine/event-schemas';
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

/** Which lots a batch changed, and whom each change touched (pure). */
export function lotChanges(events: readonly RecordedEvent[]): Map<string, LotChange> {
  const changes = new Map<string, LotChange>();
  for (const event of events) {
    const stream = parseStreamName(event.streamName);
    if (stream?.category !== 'lot') continue;
    const change = changes.get(stream.id) ?? {
      last: event,
      events: [],
      users: new Set<string>(),
      outbid: new Set<string>(),
      belowFive: false,
    };
    change.last = event;
    change.events.push(event.type);
    const e = { type: event.type, data: event.data } as LotEvent;
    switch (e.type) {
      case 'BidPlaced':
      case 'ProxyBidPlaced':
        change.users.add(e.data.bidderId);
        if (e.data.outbidUserId) {
          change.users.add(e.data.outbidUserId);
          change.outbid.add(e.data.outbidUserId);
        }
        break;
      case 'MaxBidRaised':
        change.users.add(e.data.bidderId);
        break;
      case 'LotExtended':
        change.belowFive = true;
        break;
      case 'LotClosed':
        for (const user of [e.data.winnerId, ...e.data.losers]) if (user) change.users.add(user);
        break;
      default:
        break;
    }
    changes.set(stream.id, change);
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
 * Tells the bus what a committed batch changed (ARCHITECTURE.md: only after the read model is
 * committed, with the log position): one notice per lot, and one per user-owned change (watchlist).
 * The message id is the event id, so a republish after a restart is dropped by the bus.
 */
export async function publishBatch(
  bus: Bus,
  docs: DocumentStore,
  events: readonly RecordedEvent[],
  now: Date,
) {
  const changes = lotChanges(events);
  if (changes.size > 0) {
    const pairs = [...changes].flatMap(([lotId, c]) => [...c.users].map((u) => lotBidderId(lotId, u)));
    const [lots, standings] = await Promise.all([
      docs.collection<LotDocument>(LOTS).find({ _id: { $in: [...changes.keys()] } }),
      pairs.length > 0
        ? docs.collection<LotBidderDocument>(LOT_BIDDERS).find({ _id: { $in: pairs } })
        : Promise.resolve([]),
    ]);
    const standing = new Map(standings.map((s) => [s._id, s]));
    for (const doc of lots) {
      const change = changes.get(doc._id);
      if (!change) continue;
      const users: LotChangedNotice['users'] = {};
      for (const userId of change.users) {
        const s = standing.get(lotBidderId(doc._id, userId));
        if (!s) continue;
        const status: ViewerStatus = {
          bidtopstatus: s.bidtopstatus,
          bid_or_not: s.bid_or_not,
          my_max_bid: s.max_bid,
        };
        users[userId] = { ...status, outbid: change.outbid.has(userId) };
      }
      const notice: LotChangedNotice = {
        position: change.last.position,
        eventId: change.last.id,
        kind: kindOf(change.events),
        events: change.events,
        below_five: change.belowFive ? 1 : 0,
        lot: lotView(doc, now),
        users,
      };
      await bus.publish(subjects.lotChanged(doc._id), notice, { msgId: change.last.id });
    }
  }
  for (const event of events) {
    if (event.type !== 'LotWatched' && event.type !== 'LotUnwatched') continue;
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

import { type LotChangedNotice, type LotDocument, subjects } from '@wine/contracts';
import type { Position, RecordedEvent } from '@wine/event-schemas';
import { type Bus, type DocumentStore, findByIds, streamIdOf as lotIdOf } from '@wine/platform';
import { touchedUsers } from '../bids/notify.ts';
import type { ChangeWindow, Notifier } from '../core/publisher.ts';
import { LOTS } from './project.ts';
import { lotView } from './view.ts';

/** One lot's changes in a window: its last event, and what kinds of event there were. */
export interface LotChange {
  /** The window's last event on the lot. */
  id: string;
  position: Position;
  /** The event types, each once, in the order of its last occurrence (so the last is the last event's). */
  events: string[];
  belowFive: boolean;
}

/**
 * The lots' changes in a window, one small entry per lot whatever the number of its bids. Who a
 * lot's events touched is not gathered event by event: their standings say it (every standing an
 * event changes records its position).
 */
export interface LotChanges extends ChangeWindow {
  /** The position of the first event folded in: a standing at or after it was changed in the window. */
  from: Position | null;
  lots: Map<string, LotChange>;
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

function addLotChanges(changes: LotChanges, events: readonly RecordedEvent[]): void {
  for (const event of events) {
    changes.from ??= event.position;
    if (!event.streamName.startsWith('lot-')) continue;
    if (event.type === 'LotWatched' || event.type === 'LotUnwatched') continue;
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
}

const kindOf = (events: string[]): LotChangedNotice['kind'] => {
  if (events.includes('LotClosed')) return 'realclosedupdates';
  if (events.some((t) => t === 'BidPlaced' || t === 'ProxyBidPlaced' || t === 'MaxBidRaised'))
    return 'bidAddtime';
  return 'lotChanged';
};

/**
 * One notice per lot changed, with the standing of each user its events touched. The message id is
 * the event id, so a republish after a restart is dropped by the bus. Lots go out in the order of
 * their last positions, so a consumer that keeps the latest notices and drops the oldest (the
 * realtime replay buffer) always holds every change after the oldest it kept.
 */
async function publishLotChanges(changes: LotChanges, bus: Bus, docs: DocumentStore, now: Date) {
  if (changes.lots.size === 0) return;
  const [lots, usersOf] = await Promise.all([
    // Read only, into notices: the store's own documents, not copies of them.
    findByIds(docs.collection<LotDocument>(LOTS), changes.lots.keys(), { readonly: true }),
    changes.from === null
      ? new Map<string, LotChangedNotice['users']>()
      : touchedUsers(docs, changes.lots.keys(), changes.from),
  ]);
  const ordered = lots
    // Issue 36 §5: a private sale's changes are never told on the lots' subjects, which every socket
    // watching 'lots' or the lot receives; its guests see it afresh when they load its page.
    .filter((doc) => doc.private_sale !== 1)
    .map((doc) => ({ doc, change: changes.lots.get(doc._id) }))
    .filter((x): x is { doc: LotDocument; change: LotChange } => x.change !== undefined)
    .sort((a, b) => (a.change.position < b.change.position ? -1 : 1));
  for (const { doc, change } of ordered) {
    const notice: LotChangedNotice = {
      position: change.position,
      eventId: change.id,
      kind: kindOf(change.events),
      events: change.events,
      below_five: change.belowFive ? 1 : 0,
      // The public view: no one's own fields, and not who the seller is.
      lot: lotView(doc, now, null),
      users: usersOf.get(doc._id) ?? {},
    };
    await bus.publish(subjects.lotChanged(doc._id), notice, { msgId: change.id });
  }
}

export function openLotChanges(): LotChanges {
  const changes: LotChanges = {
    from: null,
    lots: new Map(),
    add: (events) => addLotChanges(changes, events),
    pending: () => changes.lots.size,
    publish: (bus, docs, now) => publishLotChanges(changes, bus, docs, now),
  };
  return changes;
}

/** "lot changed" notices (ARCHITECTURE.md: after the read model is committed, with the log position). */
export const lotsNotifier: Notifier = { name: 'lots', open: openLotChanges };

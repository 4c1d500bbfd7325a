import { subjects, type UserChangedNotice } from '@wine/contracts';
import type { UserEvent } from '@wine/event-schemas';
import { isOneOf, type RecordedOf } from '../core/projection.ts';
import type { ChangeWindow, Notifier } from '../core/publisher.ts';

/** The watchlist events of a window, each told to its user. */
export interface WatchlistChanges extends ChangeWindow {
  watched: RecordedOf<WatchEvent>[];
}

type WatchEvent = Extract<UserEvent, { type: 'LotWatched' | 'LotUnwatched' }>;
const watchTypes = new Set<WatchEvent['type']>(['LotWatched', 'LotUnwatched']);

export function openWatchlistChanges(): WatchlistChanges {
  const changes: WatchlistChanges = {
    watched: [],
    add(events) {
      for (const event of events) if (isOneOf<WatchEvent>(watchTypes, event)) changes.watched.push(event);
    },
    pending: () => changes.watched.length,
    async publish(bus) {
      for (const event of changes.watched) {
        const userId = event.streamName.slice('user-'.length);
        const lotId = event.data.lotId;
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
        // The event id as the message id: a republish after a restart is dropped by the bus.
        await bus.publish(subjects.userChanged(userId), notice, { msgId: event.id });
      }
    },
  };
  return changes;
}

/** A user's own "watchlistAdded" notices, one per watch or unwatch. */
export const watchlistsNotifier: Notifier = { name: 'watchlists', open: openWatchlistChanges };

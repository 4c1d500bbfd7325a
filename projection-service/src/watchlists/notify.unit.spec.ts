import { subjects, type UserChangedNotice } from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { eventRecorder, recordingBus } from '../core/testing.ts';
import { openWatchlistChanges } from './notify.ts';

const record = eventRecorder();

describe('watchlist notices', () => {
  it('tells each user of each watch and unwatch of theirs, in log order, with the event id as message id', async () => {
    const events = [
      record('user-ann', 'LotWatched', { lotId: 'a' }),
      record('lot-a', 'LotExtended', { closesAt: '2026-11-30T18:05:00.000Z' }),
      record('cart-bob', 'CartLineRemoved', { lotId: 'a' }),
      record('user-bob', 'LotWatched', { lotId: 'b' }),
      record('user-ann', 'LotUnwatched', { lotId: 'a' }),
    ];
    const changes = openWatchlistChanges();
    changes.add(events);
    expect(changes.watched).toEqual([events[0], events[3], events[4]]);
    expect(changes.pending()).toBe(3);
    const { bus, published } = recordingBus<UserChangedNotice>();
    await changes.publish(bus, {} as DocumentStore, new Date('2026-11-22T12:00:00.000Z'));
    expect(published).toEqual(
      [
        ['ann', events[0], 'a', 1],
        ['bob', events[3], 'b', 1],
        ['ann', events[4], 'a', 0],
      ].map(([userId, event, lotId, status]) => ({
        subject: subjects.userChanged(userId as string),
        msgId: (event as (typeof events)[number]).id,
        data: {
          position: (event as (typeof events)[number]).position,
          eventId: (event as (typeof events)[number]).id,
          userId,
          message: {
            type: 'watchlistAdded',
            position: (event as (typeof events)[number]).position,
            lot_id: lotId,
            status,
          },
        },
      })),
    );
  });
});

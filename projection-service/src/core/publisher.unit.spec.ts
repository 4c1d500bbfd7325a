import type { RecordedEvent } from '@wine/event-schemas';
import type { Bus, DocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { addChanges, type Notifier, noChanges, pendingEntries, publishChanges } from './publisher.ts';
import { eventRecorder } from './testing.ts';

const record = eventRecorder();

/** A notifier that keeps the events of one stream prefix and publishes their ids to `log`. */
function notifier(prefix: string, log: string[]): Notifier {
  return {
    name: prefix,
    open() {
      const kept: RecordedEvent[] = [];
      return {
        add: (events) => {
          for (const e of events) if (e.streamName.startsWith(prefix)) kept.push(e);
        },
        pending: () => kept.length,
        publish: async (bus) => {
          for (const e of kept) {
            log.push(`${prefix}${e.id}`);
            await bus.publish(prefix, e.id, { msgId: e.id });
          }
        },
      };
    },
  };
}

describe('publishing committed changes', () => {
  it("folds each batch into every notifier's window, sums what they hold, and publishes them in the order registered", async () => {
    const log: string[] = [];
    const changes = noChanges([notifier('user-', log), notifier('lot-', log)]);
    const first = [record('lot-a', 'LotExtended', {}), record('user-ann', 'LotWatched', { lotId: 'a' })];
    const second = [record('lot-b', 'LotExtended', {}), record('cart-ann', 'CartLineRemoved', {})];
    addChanges(addChanges(changes, first), second);
    expect(pendingEntries(changes)).toBe(3);
    const bus = { publish: async () => ({ seq: 1, duplicate: false }) } as unknown as Bus;
    await publishChanges(bus, {} as DocumentStore, changes, new Date());
    expect(log).toEqual(['user-e-2', 'lot-e-1', 'lot-e-3']);
  });

  it('opens a fresh window per publish: an earlier window is not published again', () => {
    const log: string[] = [];
    const lots = [notifier('lot-', log)];
    addChanges(noChanges(lots), [record('lot-c', 'LotExtended', {})]);
    expect(pendingEntries(noChanges(lots))).toBe(0);
  });
});

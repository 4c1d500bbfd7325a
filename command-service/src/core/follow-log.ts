import { type RecordedEvent, START } from '@wine/event-schemas';
import { backoff, type EventStore, type Logger, type Subscription } from '@wine/platform';

export interface LogFollower {
  /** Resolves once the log has been read up to its head. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Follows the whole log from its start, for the write side's process managers (closing lots,
 * issuing invoices, releasing lapsed holds): every batch to `handle`, and `onCaughtUp` once, when
 * the head is reached. A dropped subscription is resumed from where it stopped, with backoff.
 */
export function followLog(
  store: EventStore,
  name: string,
  logger: Logger,
  handle: (events: RecordedEvent[]) => void | Promise<void>,
): LogFollower {
  let subscription: Subscription | null = null;
  let stopped = false;
  let position = START;
  const wait = backoff({ initialMs: 500, maxMs: 30_000 });

  function subscribe(onCaughtUp: () => void) {
    if (stopped) return;
    subscription = store.subscribeToAll(
      async (events) => {
        await handle(events);
        position = events[events.length - 1]?.position ?? position;
        wait.reset();
      },
      {
        after: position,
        onCaughtUp,
        onError: (error) => {
          logger.error({ err: error, position }, `${name} lost the log; resubscribing`);
          subscription = null;
          setTimeout(() => subscribe(onCaughtUp), wait.next()).unref();
        },
      },
    );
  }

  return {
    start: () => new Promise<void>((resolve) => subscribe(resolve)),
    async stop() {
      stopped = true;
      await subscription?.close();
    },
  };
}

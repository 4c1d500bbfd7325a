import { type RecordedEvent, START } from '@wine/event-schemas';
import { backoff, type EventStore, type Logger, type Subscription } from '@wine/platform';

export interface LogFollower {
  /** Resolves once the log has been read up to its head. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

type Handler = (events: RecordedEvent[]) => void | Promise<void>;

/**
 * One subscription to the whole log, from its start, shared by the write side's process managers
 * (closing lots, issuing invoices, releasing lapsed holds, freeing the pickups of voided orders), so a
 * start reads the log once, not once per process. Each batch goes to every started follower in turn;
 * the followers of one feed start together (the first start subscribes, and every start resolves when
 * the head is reached) and the subscription closes when the last one stops. A dropped subscription is
 * resumed from the last batch every follower took, with backoff.
 */
export interface LogFeed {
  follow(name: string, handle: Handler): LogFollower;
}

export function logFeed(store: EventStore, logger: Logger): LogFeed {
  const followers: { name: string; handle: Handler; started: boolean }[] = [];
  let subscription: Subscription | null = null;
  let caughtUp: Promise<void> | null = null;
  let stopped = false;
  let position = START;
  const wait = backoff({ initialMs: 500, maxMs: 30_000 });

  function subscribe(onCaughtUp: () => void) {
    if (stopped) return;
    subscription = store.subscribeToAll(
      async (events) => {
        for (const follower of followers) if (follower.started) await follower.handle(events);
        position = events[events.length - 1]?.position ?? position;
        wait.reset();
      },
      {
        after: position,
        onCaughtUp,
        onError: (error) => {
          const names = followers.map((f) => f.name).join(', ');
          logger.error({ err: error, position }, `${names} lost the log; resubscribing`);
          subscription = null;
          setTimeout(() => subscribe(onCaughtUp), wait.next()).unref();
        },
      },
    );
  }

  return {
    follow(name, handle) {
      const follower = { name, handle, started: false };
      followers.push(follower);
      return {
        start() {
          follower.started = true;
          caughtUp ??= new Promise<void>((resolve) => subscribe(resolve));
          return caughtUp;
        },
        async stop() {
          follower.started = false;
          if (followers.some((f) => f.started)) return;
          stopped = true;
          await subscription?.close();
        },
      };
    },
  };
}

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

/** Keyed steps a process runs at most one at a time each (a step failed is logged and tried again later). */
export interface Steps {
  has(key: string): boolean;
  /** Runs `work` unless a step of this key is on its way; `onError` after a failure is logged. */
  run(key: string, work: () => Promise<void>, onError?: () => void): Promise<void>;
}

/**
 * A process manager that follows the log and looks at what is due on its own clock (offers lapsing,
 * holds expiring, bid sheets' lines to place): `follow` takes each event; `tick` runs once the log is
 * read to its head, every `tickMs` after, and (with `tickAfterEvents`) after each batch; `stop` waits
 * for the steps on their way. The steps are keyed (`Steps`), so one thing is never done twice at once.
 */
export function tickingProcess(options: {
  feed: LogFeed;
  name: string;
  logger: Logger;
  /** What a failed step is logged as. */
  failure: string;
  tickMs: number;
  tickAfterEvents?: boolean;
  follow: (event: RecordedEvent) => void;
  tick: (steps: Steps) => void;
}): LogFollower {
  const inFlight = new Set<string>();
  const steps: Steps = {
    has: (key) => inFlight.has(key),
    async run(key, work, onError) {
      if (inFlight.has(key)) return;
      inFlight.add(key);
      try {
        await work();
      } catch (error) {
        options.logger.error({ err: error, key }, options.failure);
        onError?.();
      } finally {
        inFlight.delete(key);
      }
    },
  };
  let live = false;
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    if (live) options.tick(steps);
  };
  const log = options.feed.follow(options.name, (events) => {
    for (const event of events) options.follow(event);
    if (options.tickAfterEvents) tick();
  });
  return {
    async start() {
      await log.start();
      live = true;
      tick();
      timer = setInterval(tick, options.tickMs);
      timer.unref();
    },
    async stop() {
      live = false;
      if (timer) clearInterval(timer);
      await log.stop();
      while (inFlight.size > 0) await new Promise((r) => setTimeout(r, 10));
    },
  };
}

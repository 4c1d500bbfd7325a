import {
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  ANY,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  START as ESDB_START,
  type Position as EsdbPosition,
  type RecordedEvent as EsdbRecordedEvent,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  type ReadPosition,
  type ResolvedEvent,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { type Position, padPosition, type RecordedEvent, START } from '@wine/event-schemas';
import { backoff } from '../retry.ts';
import { bufferedBatches, isTransportError, readWhole } from './esdb-reads.ts';
import {
  ConcurrencyError,
  type EventStore,
  type ExpectedRevision,
  type SubscribeOptions,
  type Subscription,
  type Upcaster,
} from './port.ts';

export interface EsdbEventStoreOptions {
  upcast: Upcaster;
  /** Events per batch handed to a subscription during catch-up. */
  batchSize?: number;
  /** First delay before resubscribing after a dropped subscription; doubles up to 5 s. */
  retryDelayMs?: number;
}

/** Commit and prepare positions, zero-padded, so the string sorts in log order. */
export function fromEsdbPosition(position: EsdbPosition): Position {
  return `${padPosition(position.commit)}:${padPosition(position.prepare)}`;
}

export function toEsdbPosition(position: Position): EsdbPosition {
  const [commit, prepare] = position.split(':');
  if (!commit || !prepare) throw new Error(`not an EventStoreDB position: ${position}`);
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

/** The version travels in the metadata; the rest of our metadata is stored as written. */
interface StoredMetadata extends Record<string, unknown> {
  schemaVersion: number;
}

const isSystem = (e: EsdbRecordedEvent) => e.type.startsWith('$') || e.streamId.startsWith('$');

/** Events per read of $all (one more than asked: a read starts at its position inclusive). */
const READ_PAGE = 1_000;
/** Events per backwards read looking for the head. */
const HEAD_PAGE = 100;

/**
 * The production event store: EventStoreDB through `@eventstore/db-client` v6 (ARCHITECTURE.md,
 * "Known pitfalls"): bigint revisions and positions become numbers and padded strings, the
 * `'no_stream'` actual version becomes -1, and a dropped subscription resubscribes from the last
 * position it handed over, with backoff.
 */
export function openEsdbEventStore(connectionString: string, options: EsdbEventStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const { upcast } = options;
  const batchSize = options.batchSize ?? 500;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const subscriptions = new Set<Subscription>();

  const toRecorded = (e: EsdbRecordedEvent, raw = false): RecordedEvent => {
    const { schemaVersion, ...metadata } = e.metadata as StoredMetadata;
    const lifted = raw ? { version: schemaVersion, data: e.data } : upcast(e.type, schemaVersion, e.data);
    if (!e.position) throw new Error('EventStoreDB older than 22.6 does not return event positions');
    return {
      id: e.id,
      type: e.type,
      version: lifted.version,
      data: lifted.data,
      metadata: metadata as unknown as RecordedEvent['metadata'],
      streamName: e.streamId,
      revision: Number(e.revision),
      position: fromEsdbPosition(e.position),
      // No `logHash` (DOMAIN.md "Audit", the global chain): EventStoreDB's writers append to their
      // streams without one transaction over the whole log, so an append cannot know the event that
      // will precede it in $all. `verify` computes the chain itself in log order, and the signed
      // anchors (the head's position and log hash) are what prove the log was not rewritten.
    };
  };

  /** One page of $all, taken whole (every read has a `maxCount`: issue 13, a read left open leaks a call). */
  const readAllPage = (
    fromPosition: ReadPosition,
    direction: typeof FORWARDS | typeof BACKWARDS,
    maxCount: number,
  ) => readWhole(client.readAll({ fromPosition, direction, maxCount }));

  /**
   * Up to `limit` non-system events strictly after `after`, reading $all forwards in pages (a read
   * starts at its position inclusive; system events shorten a page, so it reads on from the last).
   */
  const readAfter = async (after: Position, limit: number, raw = false): Promise<RecordedEvent[]> => {
    const out: RecordedEvent[] = [];
    let cursor = after;
    let from: ReadPosition = after === START ? ESDB_START : toEsdbPosition(after);
    while (out.length < limit) {
      const size = Math.min(limit - out.length, READ_PAGE) + 1;
      const page = await readAllPage(from, FORWARDS, size);
      for (const resolved of page) {
        const event = resolved.event as AllStreamRecordedEvent | undefined;
        if (!event?.position) continue;
        const position = fromEsdbPosition(event.position);
        if (position <= cursor) continue;
        cursor = position;
        from = event.position;
        if (isSystem(event)) continue;
        out.push(toRecorded(event, raw));
        if (out.length >= limit) break;
      }
      if (page.length < size) break;
    }
    return out;
  };

  return {
    async append(streamName, events, expected) {
      try {
        const result = await client.appendToStream(
          streamName,
          events.map((e) =>
            jsonEvent({
              id: e.id,
              type: e.type,
              data: e.data as Record<string, unknown>,
              metadata: { ...e.metadata, schemaVersion: e.version } as StoredMetadata,
            }),
          ),
          { expectedRevision: toExpected(expected) },
        );
        // Without a position in the answer, the stream's own last event has it (the head of the whole
        // log may already be another writer's).
        const position = result.position
          ? fromEsdbPosition(result.position)
          : ((await this.readStream(streamName, { direction: 'backwards', maxCount: 1, raw: true }))[0]
              ?.position ?? (await this.headPosition()));
        return { nextRevision: Number(result.nextExpectedRevision), position };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualVersion;
          throw new ConcurrencyError(streamName, expected, typeof actual === 'bigint' ? Number(actual) : -1);
        }
        throw error;
      }
    },

    async readStream(streamName, options = {}) {
      const backwards = options.direction === 'backwards';
      let read: Awaited<ReturnType<typeof readWhole<ResolvedEvent>>>;
      try {
        read = await readWhole(
          client.readStream(streamName, {
            direction: backwards ? BACKWARDS : FORWARDS,
            fromRevision:
              options.fromRevision === undefined
                ? backwards
                  ? END
                  : ESDB_START
                : BigInt(options.fromRevision),
            maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
          }),
        );
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return read.flatMap((resolved) =>
        resolved.event ? [toRecorded(resolved.event as EsdbRecordedEvent, options.raw)] : [],
      );
    },

    async readAll(options = {}) {
      return readAfter(options.after ?? START, options.maxCount ?? Number.MAX_SAFE_INTEGER, options.raw);
    },

    async headPosition() {
      // Backwards in pages until a non-system event (the end of the log is often the server's own).
      let from: ReadPosition = END;
      for (;;) {
        const page = await readAllPage(from, BACKWARDS, HEAD_PAGE);
        for (const resolved of page) {
          const event = resolved.event as AllStreamRecordedEvent | undefined;
          if (event?.position && !isSystem(event)) return fromEsdbPosition(event.position);
        }
        const last = page[page.length - 1]?.event?.position;
        if (page.length < HEAD_PAGE || !last) return START;
        from = last;
      }
    },

    subscribeToAll(handler, subscribeOptions: SubscribeOptions = {}): Subscription {
      let position = subscribeOptions.after ?? START;
      let stopped = false;
      let caughtUp = false;
      let live: AllStreamSubscription | null = null;
      const wait = backoff({ initialMs: retryDelayMs, maxMs: 5000 });
      let wakeSleep: () => void = () => {};

      const markCaughtUp = () => {
        if (caughtUp) return;
        caughtUp = true;
        subscribeOptions.onCaughtUp?.();
      };

      /** Catch up in batches with reads of $all, then follow a live subscription from the last position. */
      const runOnce = async () => {
        for (;;) {
          const batch = await readAfter(position, batchSize);
          if (stopped) return;
          if (batch.length === 0) break;
          await handler(batch);
          position = (batch[batch.length - 1] as RecordedEvent).position;
          wait.reset();
        }
        markCaughtUp();
        const subscription = client.subscribeToAll({
          fromPosition: position === START ? ESDB_START : toEsdbPosition(position),
          filter: excludeSystemEvents(),
        });
        live = subscription;
        try {
          // What the subscription has buffered is handed over in one batch (issue 13).
          for await (const resolved of bufferedBatches<AllStreamResolvedEvent>(subscription, batchSize)) {
            if (stopped) return;
            const events: RecordedEvent[] = [];
            for (const { event } of resolved) {
              if (!event || isSystem(event as AllStreamRecordedEvent)) continue;
              const recorded = toRecorded(event as AllStreamRecordedEvent);
              if (recorded.position > position && recorded.position > (events.at(-1)?.position ?? START))
                events.push(recorded);
            }
            if (events.length === 0) continue;
            await handler(events);
            position = (events[events.length - 1] as RecordedEvent).position;
            wait.reset();
          }
        } finally {
          // Left by an error, a stop or the server ending it: the call is closed either way.
          live = null;
          await subscription.unsubscribe().catch(() => undefined);
        }
      };

      const sleep = () =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait.next());
          wakeSleep = () => {
            clearTimeout(timer);
            resolve();
          };
        });

      const run = async () => {
        while (!stopped) {
          try {
            await runOnce();
          } catch (error) {
            if (stopped) return;
            // A handler that throws stops the subscription, and so does any failure but the
            // connection's (it would fail the same way again): both go to onError.
            if (error instanceof HandlerError) throw error.cause;
            if (!isTransportError(error)) throw error;
          }
          // A dropped connection, or a subscription the server ended: subscribe again, with backoff.
          if (!stopped) await sleep();
        }
      };

      const guardedHandler = handler;
      handler = async (events) => {
        try {
          await guardedHandler(events);
        } catch (error) {
          throw new HandlerError(error);
        }
      };

      const done = run().catch((error: unknown) => {
        stopped = true;
        subscribeOptions.onError?.(error);
      });

      const subscription: Subscription = {
        async close() {
          stopped = true;
          subscriptions.delete(subscription);
          wakeSleep();
          await live?.unsubscribe().catch(() => undefined);
          await done;
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
}

class HandlerError extends Error {
  constructor(override readonly cause: unknown) {
    super('subscription handler failed');
  }
}

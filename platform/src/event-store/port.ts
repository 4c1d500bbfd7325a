import type { NewEvent, Position, RecordedEvent } from '@wine/event-schemas';

/** Expected state of a stream at append (optimistic concurrency). */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event written (or already present, for an idempotent retry). */
  nextRevision: number;
  position: Position;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    /** -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`stream ${streamName}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'ConcurrencyError';
  }
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Forwards default 0; backwards default the end. */
  fromRevision?: number;
  maxCount?: number;
  /** As stored, not upcast: what the hash chain was computed over (audit). */
  raw?: boolean;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. START ('') means from the beginning. */
  after?: Position;
  maxCount?: number;
  /** As stored, not upcast (audit). */
  raw?: boolean;
}

export interface Subscription {
  /** Resolves once the subscription has stopped. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Exclusive, like ReadAllOptions.after. */
  after?: Position;
  /** Called once when the catch-up phase has reached the head of the log. */
  onCaughtUp?: () => void;
  onError?: (error: unknown) => void;
}

/**
 * The event store port (ARCHITECTURE.md). Events come back upcast to their current version.
 * The handler of a subscription receives events in log order, one batch at a time: the next batch is
 * read only after the returned promise settles. A throwing handler stops the subscription (onError).
 */
export interface AppendOptions {
  /**
   * Told as soon as the append holds its place in the log (its expected revision checked, nothing can
   * come between), before it is durable: the promise still settles only once it is. A writer that
   * owns the stream may decide its next append on this one meanwhile (pipelined group commit). An
   * adapter that cannot tell the two apart never calls it.
   */
  committed?: (result: AppendResult) => void;
}

export interface EventStore {
  append(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The position of the last event in the log, START when empty. */
  headPosition(): Promise<Position>;
  subscribeToAll(
    handler: (events: RecordedEvent[]) => Promise<void>,
    options?: SubscribeOptions,
  ): Subscription;
  close(): Promise<void>;
}

/** Lifts stored data of an event type's older version to its current version. */
export type Upcaster = (type: string, version: number, data: unknown) => { version: number; data: unknown };

/**
 * What the EventStoreDB adapter needs of its client's streams, apart from the client (esdb.ts), so that
 * it can be tested without a server: a read taken whole or cancelled, a live subscription handed over
 * in batches of what it has buffered, and which failures are the connection's.
 */
import type { Readable } from 'node:stream';
import {
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
  UnknownError,
} from '@eventstore/db-client';

/** A read the client streams, which only `cancel()` ends early (leaving a `for await` does not). */
export interface CancellableRead<T> extends AsyncIterable<T> {
  cancel(): Promise<void>;
}

/**
 * Takes a bounded read whole: every item (the call then ends on its own), or, when the loop is left
 * early by an error, the call cancelled (6.x keeps a read's gRPC call open until then, and the
 * server's per-connection limit of open calls would hang the client).
 */
export async function readWhole<T>(read: CancellableRead<T>): Promise<T[]> {
  const out: T[] = [];
  let whole = false;
  try {
    for await (const item of read) out.push(item);
    whole = true;
    return out;
  } finally {
    if (!whole) await read.cancel().catch(() => undefined);
  }
}

/**
 * The items of a live subscription in batches: each batch the item that arrived, and what the stream
 * has buffered behind it (up to `max`): 200 events arriving together are one handler call, one
 * transaction, one checkpoint and one publish, not 200.
 */
export async function* bufferedBatches<T>(stream: Readable, max: number): AsyncGenerator<T[]> {
  for await (const first of stream) {
    const batch: T[] = [first as T];
    while (batch.length < max) {
      const next = stream.read() as T | null;
      if (next === null) break;
      batch.push(next);
    }
    yield batch;
  }
}

/**
 * The failures worth subscribing again for: the connection's (the server unavailable or not the
 * leader, a deadline, a cancelled or broken call). Anything else — an event that cannot be upcast,
 * missing metadata, a checkpoint in another format, access denied — would fail the same way again:
 * it is reported, not retried.
 */
export function isTransportError(error: unknown): boolean {
  return (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof NotLeaderError ||
    error instanceof CancelledError ||
    error instanceof UnknownError
  );
}

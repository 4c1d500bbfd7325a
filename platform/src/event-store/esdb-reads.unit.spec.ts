import { PassThrough } from 'node:stream';
import {
  AccessDeniedError,
  NotLeaderError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { bufferedBatches, type CancellableRead, isTransportError, readWhole } from './esdb-reads.ts';

/** A read over `items` that fails after `failAfter` of them, and counts its cancels. */
function read(items: number[], failAfter = Number.POSITIVE_INFINITY) {
  const state = { cancels: 0 };
  const stream: CancellableRead<number> = {
    async *[Symbol.asyncIterator]() {
      for (const [i, item] of items.entries()) {
        if (i >= failAfter) throw new Error('cannot upcast');
        yield item;
      }
    },
    async cancel() {
      state.cancels += 1;
    },
  };
  return { stream, state };
}

describe('a bounded read of EventStoreDB (issue 13: calls left open)', () => {
  it('is taken whole, and its call ends on its own: no cancel', async () => {
    const { stream, state } = read([1, 2, 3]);
    expect(await readWhole(stream)).toEqual([1, 2, 3]);
    expect(state.cancels).toBe(0);
  });

  it('is cancelled when left early by an error, and the error is not swallowed', async () => {
    const { stream, state } = read([1, 2, 3], 1);
    await expect(readWhole(stream)).rejects.toThrow('cannot upcast');
    expect(state.cancels).toBe(1);
  });
});

describe('a live subscription handed over in batches', () => {
  it('gives what arrived together in one batch, up to the maximum, and later arrivals in the next', async () => {
    const live = new PassThrough({ objectMode: true });
    for (let i = 0; i < 200; i++) live.write(i);
    const batches: number[][] = [];
    const reading = (async () => {
      for await (const batch of bufferedBatches<number>(live, 150)) batches.push(batch);
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    live.write(200);
    live.end();
    await reading;
    expect(batches.flat()).toEqual(Array.from({ length: 201 }, (_, i) => i));
    // Not one call per event: the 200 buffered ones come in two batches (the maximum is 150).
    expect(batches.length).toBeLessThanOrEqual(3);
    expect(Math.max(...batches.map((b) => b.length))).toBe(150);
  });
});

/** An error of the client's class (their constructors want a gRPC status). */
const an = (type: { prototype: Error }) => Object.create(type.prototype) as Error;

describe('which subscription failures are retried', () => {
  it('retries the connection’s failures and reports the rest', () => {
    expect(isTransportError(an(UnavailableError))).toBe(true);
    expect(isTransportError(an(NotLeaderError))).toBe(true);
    expect(isTransportError(new Error('cannot upcast BidPlaced v9'))).toBe(false);
    expect(isTransportError(an(AccessDeniedError))).toBe(false);
    expect(isTransportError(an(StreamNotFoundError))).toBe(false);
    expect(isTransportError(an(WrongExpectedVersionError))).toBe(false);
  });
});

/**
 * A STAND-IN for EventStoreDB's gRPC `Streams.Read`, built from the client's own protobuf definitions
 * (`@eventstore/db-client/generated`): just enough of reads and subscriptions of `$all` to see what the
 * adapter does with its calls (issue 13): how many it leaves open, and how a burst of live events is
 * handed to the projections. It is not EventStoreDB and proves nothing of the server's behaviour: the
 * contract suite run against the real server wherever a Docker engine exists
 * (event-store.int.spec.ts) is the test of the adapter.
 *
 * Like the server, it writes a read's events as the client takes them (HTTP/2 flow control), so a
 * read the client stops taking without cancelling it stays open.
 */

import { StreamIdentifier, UUID } from '@eventstore/db-client/generated/shared_pb.js';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb.js';
import { ReadResp } from '@eventstore/db-client/generated/streams_pb.js';
import * as grpc from '@grpc/grpc-js';
import { type RecordedEvent, START } from '@wine/event-schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { openEsdbEventStore } from './esdb.ts';
import type { EventStore } from './port.ts';

interface Stored {
  position: bigint;
  stream: string;
  type: string;
  revision: number;
  id: string;
}

type ReadCall = grpc.ServerWritableStream<{ getOptions(): ReadOptions }, InstanceType<typeof ReadResp>>;
interface ReadOptions {
  getReadDirection(): number;
  getCountOptionCase(): number;
  getCount(): string;
  getAll():
    | {
        getAllOptionCase(): number;
        getPosition(): { getCommitPosition(): string };
      }
    | undefined;
}

const COUNT = 5;
const SUBSCRIPTION = 6;
const BACKWARDS = 1;
const ALL_POSITION = 1;
const ALL_END = 3;
const TICKS_PER_MS = 10_000n;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function response(e: Stored): InstanceType<typeof ReadResp> {
  const recorded = new ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(new UUID().setString(e.id));
  recorded.setStreamIdentifier(new StreamIdentifier().setStreamName(Buffer.from(e.stream)));
  recorded.setStreamRevision(String(e.revision));
  recorded.setCommitPosition(String(e.position));
  recorded.setPreparePosition(String(e.position));
  const metadata = recorded.getMetadataMap();
  metadata.set('type', e.type);
  metadata.set('content-type', 'application/json');
  metadata.set('created', String(BigInt(Date.UTC(2026, 10, 24)) * TICKS_PER_MS));
  recorded.setCustomMetadata(
    Buffer.from(JSON.stringify({ schemaVersion: 1, occurredAt: '2026-11-24T00:00:00.000Z' })),
  );
  recorded.setData(Buffer.from(JSON.stringify({ n: Number(e.position / 100n), pad: 'x'.repeat(200) })));
  const event = new ReadResp.ReadEvent();
  event.setEvent(recorded);
  event.setCommitPosition(String(e.position));
  return new ReadResp().setEvent(event);
}

/** The stand-in with `count` events in `$all`, every seventh one the server's own (a `$` stream). */
async function standIn(count: number) {
  const events: Stored[] = Array.from({ length: count }, (_, i) => {
    const system = i % 7 === 3;
    return {
      position: BigInt((i + 1) * 100),
      stream: system ? '$settings' : `lot-${i % 10}`,
      type: system ? '$metadata' : 'BidPlaced',
      revision: Math.floor(i / 10),
      id: uuid(i + 1),
    };
  });
  const state = { open: 0, reads: 0 };
  const subscribers = new Set<ReadCall>();
  const server = new grpc.Server();
  server.addService(StreamsService, {
    read(call: ReadCall) {
      state.open += 1;
      state.reads += 1;
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        state.open -= 1;
        subscribers.delete(call);
      };
      call.on('cancelled', close);
      call.on('error', close);
      const options = call.request.getOptions();
      const all = options.getAll();
      const backwards = options.getReadDirection() === BACKWARDS;
      const from =
        all?.getAllOptionCase() === ALL_POSITION
          ? BigInt(all.getPosition().getCommitPosition())
          : all?.getAllOptionCase() === ALL_END
            ? BigInt(Number.MAX_SAFE_INTEGER)
            : -1n;
      if (options.getCountOptionCase() === SUBSCRIPTION) {
        call.write(
          new ReadResp().setConfirmation(new ReadResp.SubscriptionConfirmation().setSubscriptionId('s')),
        );
        for (const e of events) if (e.position > from) call.write(response(e));
        subscribers.add(call);
        return;
      }
      const limit = options.getCountOptionCase() === COUNT ? Number(options.getCount()) : events.length;
      const selected = (
        backwards
          ? [...events].reverse().filter((e) => e.position <= from)
          : events.filter((e) => e.position >= from)
      ).slice(0, limit);
      let next = 0;
      // As the client takes them: a read it stops taking waits here, open.
      const pump = () => {
        while (next < selected.length && !closed) {
          if (!call.write(response(selected[next++] as Stored))) {
            call.once('drain', pump);
            return;
          }
        }
        if (closed) return;
        call.end();
        close();
      };
      pump();
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    url: `esdb://127.0.0.1:${port}?tls=false`,
    state,
    /** Appends events and hands them to every subscription at once, as a burst. */
    burst(n: number) {
      const added: Stored[] = [];
      for (let i = 0; i < n; i++) {
        const at = events.length;
        const e = {
          position: BigInt((at + 1) * 100),
          stream: 'lot-burst',
          type: 'BidPlaced',
          revision: i,
          id: uuid(at + 1),
        };
        events.push(e);
        added.push(e);
      }
      for (const call of subscribers) for (const e of added) call.write(response(e));
    },
    nonSystem: () => events.filter((e) => !e.stream.startsWith('$')),
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}

const upcast = (_type: string, version: number, data: unknown) => ({ version, data });
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function opened(count: number) {
  const stand = await standIn(count);
  const store: EventStore = openEsdbEventStore(stand.url, { upcast, batchSize: 100, retryDelayMs: 20 });
  cleanup.push(stand.close, () => store.close());
  return { stand, store };
}

describe('the EventStoreDB adapter against a stand-in for Streams.Read (issue 13)', () => {
  it('leaves no read open: 20 short reads of $all and the head', async () => {
    const { stand, store } = await opened(3_000);
    for (let i = 0; i < 20; i++) expect(await store.readAll({ after: START, maxCount: 5 })).toHaveLength(5);
    await store.headPosition();
    await settle();
    expect(stand.state.open).toBe(0);
  });

  it('reads $all in pages, on past the server’s own events, each event once and in order', async () => {
    const { stand, store } = await opened(3_000);
    const read = await store.readAll({ after: START });
    const want = stand.nonSystem();
    expect(read.map((e) => e.id)).toEqual(want.map((e) => e.id));
    const later = await store.readAll({ after: read[99]?.position ?? START, maxCount: 1_500 });
    expect(later.map((e) => e.id)).toEqual(want.slice(100, 1_600).map((e) => e.id));
    expect(await store.headPosition()).toBe(read.at(-1)?.position);
    await settle();
    expect(stand.state.open).toBe(0);
  });

  it('hands a burst of live events over in a few batches, not one call per event, and closes its calls', async () => {
    const { stand, store } = await opened(50);
    const batches: RecordedEvent[][] = [];
    let caughtUp!: () => void;
    const live = new Promise<void>((resolve) => {
      caughtUp = resolve;
    });
    // Each batch costs the handler a few milliseconds (a transaction, a checkpoint, a publish): what
    // arrives meanwhile waits in the subscription's buffer (16 events in the client's streams).
    const subscription = store.subscribeToAll(
      async (events) => {
        batches.push(events);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      { onCaughtUp: () => caughtUp() },
    );
    await live;
    await settle();
    const before = batches.length;
    stand.burst(200);
    for (let i = 0; i < 50 && batches.slice(before).flat().length < 200; i++) await settle();
    const burst = batches.slice(before);
    expect(burst.flat()).toHaveLength(200);
    expect(burst.length).toBeLessThan(20);
    await subscription.close();
    await settle();
    expect(stand.state.open).toBe(0);
  });

  it('reports a live handler’s failure and closes the subscription’s call', async () => {
    const { stand, store } = await opened(20);
    let caughtUp!: () => void;
    const live = new Promise<void>((resolve) => {
      caughtUp = resolve;
    });
    let failed: unknown = null;
    let calls = 0;
    store.subscribeToAll(
      async () => {
        calls += 1;
        if (calls > 1) throw new Error('cannot apply');
      },
      {
        onCaughtUp: () => caughtUp(),
        onError: (error) => {
          failed = error;
        },
      },
    );
    await live;
    await settle();
    stand.burst(3);
    for (let i = 0; i < 50 && !failed; i++) await settle();
    expect(String(failed)).toMatch(/cannot apply/);
    await settle();
    expect(stand.state.open).toBe(0);
  });
});

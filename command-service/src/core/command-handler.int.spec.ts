import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyChain } from '@wine/event-schemas/hash-chain';
import { ConcurrencyError, type EventStore, marketUpcaster, openSqliteEventStore } from '@wine/platform';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type CommandContext, createStreams, MAX_BATCH } from './command-handler.ts';
import type { Decider } from './decider.ts';

/**
 * Group commit on one stream (issue 37): commands that queue while their stream is busy are decided
 * together, each on the state the ones before it left, and written in one append. A decider of room
 * messages that keeps the count and refuses a message marked so, or one past a limit.
 */
type Said = { type: 'LiveRoomMessage'; data: { text: string } };
type Say = { text: string; refuse?: boolean };
const LIMIT = 400;
const sayings: Decider<Say, Said, { count: number; texts: string[] }> = {
  initialState: () => ({ count: 0, texts: [] }),
  evolve: (state, event) => ({ count: state.count + 1, texts: [...state.texts, event.data.text] }),
  decide(command, state) {
    if (command.refuse) throw new Error(`refused ${command.text}`);
    if (state.count >= LIMIT) throw new Error('full');
    // Each message names the count it was decided on: the batch's states must follow one another.
    return [{ type: 'LiveRoomMessage', data: { text: `${command.text}@${state.count}` } }];
  },
};

const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
let n = 0;
let store: EventStore;
let appends: number;
let failNext: Error | null;
/** The count of appends at which `failNext` is thrown (the next one when null). */
let failAt: number | null;

/** The store as the handler sees it, counting appends and failing the next one when asked. */
const watched = (inner: EventStore): EventStore => ({
  ...inner,
  append: async (stream, events, expected) => {
    appends += 1;
    if (failNext && (failAt === null || appends === failAt)) {
      const error = failNext;
      failNext = null;
      throw error;
    }
    return inner.append(stream, events, expected);
  },
});

beforeEach(() => {
  n += 1;
  store = openSqliteEventStore(join(dir, `events-${n}.sqlite`), { upcast: marketUpcaster });
  appends = 0;
  failNext = null;
  failAt = null;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const context = (commandId: string): CommandContext => ({
  commandId,
  correlationId: commandId,
  actor: { kind: 'system', id: 'spec' },
  now: new Date('2026-11-30T10:00:00Z'),
});

describe('group commit on one stream', () => {
  it('decides 300 commands sent at once in order, in fewer appends, each answered with its own event', async () => {
    const streams = createStreams(watched(store));
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        streams.handle('auction-a', sayings, { text: `m${i}` }, context(`c${i}`)),
      ),
    );
    results.forEach((result, i) => {
      expect(result.events).toEqual([{ type: 'LiveRoomMessage', data: { text: `m${i}@${i}` } }]);
      expect(result.nextRevision).toBe(i);
      expect(result.replayed).toBe(false);
    });
    // The first runs alone, the rest queue behind it in batches of at most MAX_BATCH.
    expect(appends).toBeLessThanOrEqual(1 + Math.ceil(299 / MAX_BATCH));
    const written = await store.readStream('auction-a');
    expect(written.map((e) => e.revision)).toEqual(results.map((_, i) => i));
    expect(written.map((e) => e.metadata.commandId)).toEqual(results.map((_, i) => `c${i}`));
    // One hash chain through the batches, each event's prevHash its predecessor's hash.
    expect(verifyChain(written)).toBeNull();
  });

  it('fails a refused command alone: the others of its batch are written after the states before them', async () => {
    const streams = createStreams(watched(store));
    const sent = ['a', 'b', 'c', 'd'].map((text) =>
      streams.handle('auction-b', sayings, { text, refuse: text === 'b' }, context(`x-${text}`)),
    );
    const settled = await Promise.allSettled(sent);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const texts = (await store.readStream('auction-b')).map((e) => (e.data as { text: string }).text);
    expect(texts).toEqual(['a@0', 'c@1', 'd@2']);
  });

  it('answers one command id sent twice in one batch with one write, the second as a replay', async () => {
    const streams = createStreams(watched(store));
    const [first, , second] = await Promise.all([
      streams.handle('auction-c', sayings, { text: 'p' }, context('c-0')),
      streams.handle('auction-c', sayings, { text: 'q' }, context('c-same')),
      streams.handle('auction-c', sayings, { text: 'q' }, context('c-same')),
    ]);
    expect(first?.nextRevision).toBe(0);
    expect(second?.replayed).toBe(true);
    expect(second?.events).toEqual([{ type: 'LiveRoomMessage', data: { text: 'q@1' } }]);
    expect(await store.readStream('auction-c')).toHaveLength(2);
    // Sent again later, it is found in the stream and replayed, nothing written.
    const later = await streams.handle('auction-c', sayings, { text: 'q' }, context('c-same'));
    expect(later).toMatchObject({ replayed: true, nextRevision: 1 });
    expect(await store.readStream('auction-c')).toHaveLength(2);
  });

  it('fails every writing command of a batch whose append fails, writes none of it, and goes on after', async () => {
    const streams = createStreams(watched(store));
    // Three commands queue behind the first one's append, so they are one batch: its append fails.
    const first = streams.handle('auction-d', sayings, { text: 'first' }, context('d-0'));
    failNext = new Error('disk full');
    failAt = appends + 2;
    const settled = await Promise.allSettled(
      ['e', 'f', 'g'].map((text) => streams.handle('auction-d', sayings, { text }, context(`d-${text}`))),
    );
    await first;
    expect(appends).toBe(2);
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect(await store.readStream('auction-d')).toHaveLength(1);
    // A retry of the same commands is decided afresh and written once.
    const retried = await Promise.all(
      ['e', 'f', 'g'].map((text) => streams.handle('auction-d', sayings, { text }, context(`d-${text}`))),
    );
    expect(retried.map((r) => r.nextRevision)).toEqual([1, 2, 3]);
    expect(await store.readStream('auction-d')).toHaveLength(4);
  });

  it('decides a batch again on what another instance wrote, never writing past the limit', async () => {
    const other = createStreams(
      openSqliteEventStore(join(dir, `events-${n}.sqlite`), { upcast: marketUpcaster }),
    );
    const streams = createStreams(watched(store));
    const mine = Array.from({ length: LIMIT }, (_, i) =>
      streams.handle('auction-e', sayings, { text: `m${i}` }, context(`e-${i}`)),
    );
    const theirs = Array.from({ length: 100 }, (_, i) =>
      other.handle('auction-e', sayings, { text: `t${i}` }, context(`t-${i}`)),
    );
    const settled = await Promise.allSettled([...mine, ...theirs]);
    const written = await store.readStream('auction-e');
    expect(written).toHaveLength(LIMIT);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(LIMIT);
    // Every refusal is the decider's limit (a conflict is decided again, never surfaced while retries last).
    for (const s of settled)
      if (s.status === 'rejected') expect(s.reason).not.toBeInstanceOf(ConcurrencyError);
    // Each event names the count it was decided on: no two decided on the same state.
    expect(written.map((e) => Number((e.data as { text: string }).text.split('@')[1]))).toEqual(
      written.map((_, i) => i),
    );
  });

  it('decides and commits the next batch while the last one is on its way to the disk, and answers in order', async () => {
    const log: string[] = [];
    const pipelined: EventStore = {
      ...store,
      append: (stream, events, expected, options) => {
        const k = ++appends;
        log.push(`append ${k}`);
        return store.append(stream, events, expected, options).then((result) => {
          log.push(`durable ${k}`);
          return result;
        });
      },
    };
    const streams = createStreams(pipelined);
    const answered: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        streams.handle('auction-p', sayings, { text: `p${i}` }, context(`p-${i}`)).then((result) => {
          answered.push(result.nextRevision);
        }),
      ),
    );
    // The second batch was written before the first was on disk; nobody was answered out of order.
    expect(log.indexOf('append 2')).toBeGreaterThan(-1);
    expect(log.indexOf('append 2')).toBeLessThan(log.indexOf('durable 1'));
    expect(answered).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(await store.readStream('auction-p')).toHaveLength(40);
  });

  it('lets a reader load a stream only as it is on disk: a load waits for the append whose fsync is on its way', async () => {
    let release!: () => void;
    const disk = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Committed at once (the handler is told), on disk only once released.
    const slowDisk: EventStore = {
      ...store,
      append: (stream, events, expected, options) =>
        store.append(stream, events, expected, options).then(async (result) => {
          await disk;
          return result;
        }),
    };
    const streams = createStreams(slowDisk);
    const written = streams.handle('auction-d', sayings, { text: 'd0' }, context('d-0'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    let loaded: { count: number } | null = null;
    const load = streams.load('auction-d', sayings).then((state) => {
      loaded = state;
      return state;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBeNull();
    release();
    await written;
    expect(await load).toEqual({ count: 1, texts: ['d0@0'] });
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { auditAnchorsStream, padPosition, type RecordedEvent } from '@wine/event-schemas';
import { eventHash, LOG_CHAIN_START, nextLogHash } from '@wine/event-schemas/hash-chain';
import { describe, expect, it } from 'vitest';
import { signAnchor } from './anchor-signature.ts';
import { logChecker } from './verify-checks.ts';

const key = generateKeyPairSync('ed25519');
const at = new Date('2026-11-24T10:00:00.000Z');

type Draft = { stream: string; type?: string; data: unknown; position?: number };

/** Events as the log stores them: each stream chained, and the log chained in order (positions 1, 2, ...). */
function logOf(drafts: Draft[], { storeLogHash = true } = {}): RecordedEvent[] {
  const last = new Map<string, { hash: string; revision: number }>();
  let chain = LOG_CHAIN_START;
  return drafts.map((d, i) => {
    const before = last.get(d.stream);
    const revision = before ? before.revision + 1 : 0;
    const draft = {
      id: `e-${i}`,
      type: d.type ?? 'Thing',
      version: 1,
      data: d.data,
      metadata: {
        correlationId: 'c',
        causationId: 'c',
        commandId: `c-${i}`,
        actor: { kind: 'system' as const, id: 'spec' },
        occurredAt: at.toISOString(),
        prevHash: before?.hash ?? '',
      },
    };
    const hash = eventHash(draft);
    last.set(d.stream, { hash, revision });
    const event = {
      ...draft,
      metadata: { ...draft.metadata, hash },
      streamName: d.stream,
      revision,
      position: padPosition(d.position ?? i + 1),
    };
    chain = nextLogHash(chain, event);
    return storeLogHash ? { ...event, logHash: chain } : event;
  });
}

/** The log with an anchor of its head appended (as the anchoring process writes it). */
function anchored(drafts: Draft[]): { events: RecordedEvent[]; drafts: Draft[] } {
  const events = logOf(drafts);
  const head = events.at(-1) as RecordedEvent;
  const anchor = signAnchor({ position: head.position, logHash: head.logHash as string }, at, key.privateKey);
  const all = [...drafts, { stream: auditAnchorsStream, type: 'LogAnchored', data: anchor }];
  return { events: logOf(all), drafts: all };
}

function verify(events: RecordedEvent[], auditorAnchors: ReturnType<typeof signAnchor>[] = []) {
  const checker = logChecker({ publicKey: key.publicKey, auditorAnchors });
  for (const e of events) checker.check(e);
  return checker.finish();
}

const trading: Draft[] = [
  { stream: 'lot-1', data: { listed: 1 } },
  { stream: 'user-ann', data: { registered: 'ann' } },
  { stream: 'lot-1', data: { bid: 100 } },
  { stream: 'lot-2', data: { listed: 2 } },
  { stream: 'lot-1', data: { bid: 200 } },
  { stream: 'lot-2', data: { bid: 300 } },
];

describe('verify checks', () => {
  it('given an untouched anchored log, finds nothing wrong and verifies the anchor', () => {
    const result = verify(anchored(trading).events);
    expect(result).toMatchObject({
      events: 7,
      streams: 4,
      anchorsInLog: 1,
      anchorsVerified: 1,
      problems: [],
    });
  });

  it('given the last event of a lot deleted, names the event after it in the log', () => {
    const { events } = anchored(trading);
    const result = verify(events.filter((e) => e.id !== 'e-4'));
    expect(result.problems).toContainEqual(
      expect.objectContaining({ kind: 'log-chain-broken', streamName: 'lot-2', eventId: 'e-5' }),
    );
  });

  it('given a bid rewritten with its stream rehashed, the global chain names it', () => {
    const drafts = trading.map((d, i) => (i === 2 ? { ...d, data: { bid: 1 } } : d));
    const honest = logOf(trading);
    // The operator recomputes the stream's hashes but keeps the stored log hashes.
    const forged = logOf(drafts).map((e, i) => ({ ...e, logHash: honest[i]?.logHash }) as RecordedEvent);
    // The bid, and the stream's next event (rehashed over it), no longer hold their log hashes.
    expect(verify(forged).problems).toEqual([
      expect.objectContaining({ kind: 'log-chain-broken', streamName: 'lot-1', revision: 1, eventId: 'e-2' }),
      expect.objectContaining({ kind: 'log-chain-broken', streamName: 'lot-1', revision: 2, eventId: 'e-4' }),
    ]);
  });

  it('given a rewrite with every chain recomputed, the anchor signed before it names it', () => {
    const { events, drafts } = anchored(trading);
    const forged = logOf(drafts.map((d, i) => (i === 2 ? { ...d, data: { bid: 1 } } : d)));
    expect(forged.slice(0, -1).map((e) => e.logHash)).not.toEqual(events.slice(0, -1).map((e) => e.logHash));
    const anchor = events.at(-1)?.data as ReturnType<typeof signAnchor>;
    expect(verify(forged, [anchor]).problems).toEqual([
      { kind: 'anchor-mismatch', anchorPosition: anchor.position },
      { kind: 'anchor-mismatch', anchorPosition: anchor.position },
    ]);
  });

  it('given two events of different streams swapped, the global chain names the first', () => {
    const events = logOf(trading);
    const swapped = [...events];
    [swapped[2], swapped[3]] = [
      { ...(events[3] as RecordedEvent), position: padPosition(3) },
      { ...(events[2] as RecordedEvent), position: padPosition(4) },
    ];
    expect(verify(swapped).problems[0]).toMatchObject({ kind: 'log-chain-broken', eventId: 'e-3' });
  });

  it('given an anchor the auditors kept that the log no longer holds, names it', () => {
    const { events } = anchored(trading);
    const anchor = events.at(-1)?.data as ReturnType<typeof signAnchor>;
    expect(verify(events.slice(0, -1), [anchor]).problems).toEqual([
      { kind: 'anchor-missing-from-log', anchorPosition: anchor.position },
    ]);
  });

  it('given a forged anchor, names its signature', () => {
    const { events } = anchored(trading);
    const anchor = events.at(-1)?.data as ReturnType<typeof signAnchor>;
    const forged = { ...anchor, logHash: 'ab'.repeat(32) };
    expect(verify(events, [forged]).problems).toEqual([
      { kind: 'anchor-signature-invalid', anchorPosition: anchor.position },
    ]);
  });

  it('given a log that stores no log hash (EventStoreDB), computes the chain and checks the anchors against it', () => {
    const { drafts } = anchored(trading);
    const events = logOf(drafts, { storeLogHash: false });
    expect(verify(events).problems).toEqual([]);
    const forged = logOf(
      drafts.map((d, i) => (i === 2 ? { ...d, data: { bid: 1 } } : d)),
      { storeLogHash: false },
    );
    const anchor = drafts.at(-1)?.data as { position: string };
    expect(verify(forged).problems).toEqual([{ kind: 'anchor-mismatch', anchorPosition: anchor.position }]);
  });
});

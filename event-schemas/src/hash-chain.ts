import { createHash } from 'node:crypto';
import type { EventMetadata, NewEvent, Position } from './envelope.ts';

/**
 * JSON with keys sorted, so the hash does not depend on property order: object keys in code-unit
 * order, properties whose value is undefined left out, undefined in arrays written as null (a hole
 * as nothing), anything else an object as its own keys. Every stored hash was computed over exactly
 * this text, so it must never change; it is built by concatenation (every append hashes each event).
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      if (i in value) out += canonicalJson(value[i]);
    }
    return `${out}]`;
  }
  return canonicalObject(value as Record<string, unknown>);
}

/** Keys quoted as JSON, kept: the same few dozen names come back in every event (verify, append). */
const quotedKeys = new Map<string, string>();
function quoted(key: string): string {
  let q = quotedKeys.get(key);
  if (q === undefined) {
    q = JSON.stringify(key);
    if (quotedKeys.size < 10_000) quotedKeys.set(key, q);
  }
  return q;
}

/** An object's canonical JSON, leaving out the key `skip` (as if it were not there). */
function canonicalObject(record: Record<string, unknown>, skip?: string): string {
  const keys = Object.keys(record);
  if (keys.length > 1) keys.sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    if (key === skip) continue;
    const v = record[key];
    if (v === undefined) continue;
    if (first) first = false;
    else out += ',';
    out += `${quoted(key)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
}

type Hashable = Pick<NewEvent, 'id' | 'type' | 'version' | 'data'> & {
  metadata: Omit<EventMetadata, 'hash'> & { hash?: string };
};

/**
 * The text an event's hash covers: canonicalJson({ id, type, version, data, metadata without its
 * hash }), written out with the five keys in their sorted order (data, id, metadata, type, version)
 * rather than through a copy of the event (every append and every verify hashes each event).
 */
function hashedText(event: Hashable): string {
  const parts: string[] = [];
  if (event.data !== undefined) parts.push(`"data":${canonicalJson(event.data)}`);
  if (event.id !== undefined) parts.push(`"id":${canonicalJson(event.id)}`);
  parts.push(`"metadata":${canonicalObject(event.metadata as Record<string, unknown>, 'hash')}`);
  if (event.type !== undefined) parts.push(`"type":${canonicalJson(event.type)}`);
  if (event.version !== undefined) parts.push(`"version":${canonicalJson(event.version)}`);
  return `{${parts.join(',')}}`;
}

/** DOMAIN.md "Audit": each event's hash covers the previous hash and the event's own content. */
export function eventHash(event: Hashable): string {
  return createHash('sha256').update(hashedText(event)).digest('hex');
}

export type ChainBreak = { index: number; eventId: string; reason: 'prevHash' | 'hash' };

/** Checks one event against the hash of the event before it in its stream ('' for the first). */
export function chainLinkBreak(prevHash: string, event: Hashable): ChainBreak['reason'] | null {
  if (event.metadata.prevHash !== prevHash) return 'prevHash';
  if (event.metadata.hash !== eventHash(event)) return 'hash';
  return null;
}

/** Verifies a stream read forwards from its first event, as stored (not upcast); returns the first break, or null. */
export function verifyChain(events: readonly Hashable[]): ChainBreak | null {
  let prev = '';
  for (const [index, event] of events.entries()) {
    const reason = chainLinkBreak(prev, event);
    if (reason) return { index, eventId: event.id, reason };
    prev = event.metadata.hash ?? '';
  }
  return null;
}

/** The global chain's value before the first event of the log. */
export const LOG_CHAIN_START = '';

/**
 * DOMAIN.md "Audit": the global chain. Each event's log hash covers the log hash of the event before
 * it in the whole log, its own position, stream and revision, and its per-stream hash (which covers
 * its content), so deleting, inserting, reordering or rewriting any event changes every log hash
 * after it. The text hashed is a JSON array, so no two different inputs read alike. Every stored log
 * hash and every signed anchor was computed over exactly this text: it must never change.
 */
export function logHash(
  prevLogHash: string,
  position: Position,
  streamName: string,
  revision: number,
  eventHash: string,
): string {
  return createHash('sha256')
    .update(JSON.stringify([prevLogHash, position, streamName, revision, eventHash]))
    .digest('hex');
}

/** The log hash of an event as recorded, after the log hash of the event before it. */
export function nextLogHash(
  prevLogHash: string,
  event: { position: Position; streamName: string; revision: number; metadata: { hash: string } },
): string {
  return logHash(prevLogHash, event.position, event.streamName, event.revision, event.metadata.hash);
}

import { createHash } from 'node:crypto';
import type { EventMetadata, NewEvent } from './envelope.ts';

/**
 * JSON with keys sorted, so the hash does not depend on property order: object keys in code-unit
 * order, properties whose value is undefined left out, undefined in arrays written as null (a hole
 * as nothing), anything else an object as its own keys. Every stored hash was computed over exactly
 * this text, so it must never change; it is built by concatenation (every append hashes each event).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      if (i in value) out += canonicalJson(value[i]);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const v = record[key];
    if (v === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
}

type Hashable = Pick<NewEvent, 'id' | 'type' | 'version' | 'data'> & {
  metadata: Omit<EventMetadata, 'hash'> & { hash?: string };
};

/** DOMAIN.md "Audit": each event's hash covers the previous hash and the event's own content. */
export function eventHash(event: Hashable): string {
  const { hash: _ignored, ...metadata } = event.metadata;
  return createHash('sha256')
    .update(
      canonicalJson({ id: event.id, type: event.type, version: event.version, data: event.data, metadata }),
    )
    .digest('hex');
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

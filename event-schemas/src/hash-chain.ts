import { createHash } from 'node:crypto';
import type { EventMetadata, NewEvent } from './envelope.ts';

/** JSON with keys sorted, so the hash does not depend on property order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
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

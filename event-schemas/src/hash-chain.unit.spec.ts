import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash, LOG_CHAIN_START, logHash, nextLogHash } from './hash-chain.ts';

/** canonicalJson as first written: every stored hash was computed over its text. */
function firstCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      if (i in value) out += firstCanonicalJson(value[i]);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${firstCanonicalJson(v)}`;
  }
  return `${out}}`;
}

const firstEventHash = (event: {
  id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: Record<string, unknown>;
}) => {
  const { hash: _ignored, ...metadata } = event.metadata;
  const text = firstCanonicalJson({
    id: event.id,
    type: event.type,
    version: event.version,
    data: event.data,
    metadata,
  });
  return createHash('sha256').update(text).digest('hex');
};

describe('canonical JSON and the event hash (the text every stored hash covers)', () => {
  it('writes any JSON value exactly as the first implementation did', () => {
    fc.assert(
      fc.property(
        fc.anything({ withObjectString: true, withNullPrototype: true, withSparseArray: true }),
        (value) => {
          expect(canonicalJson(value)).toBe(firstCanonicalJson(value));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('hashes any event exactly as the first implementation did', () => {
    const event = fc.record({
      id: fc.string(),
      type: fc.string(),
      version: fc.integer(),
      data: fc.jsonValue(),
      metadata: fc.dictionary(fc.string(), fc.jsonValue()),
    });
    fc.assert(
      fc.property(event, (e) => {
        expect(eventHash(e as never)).toBe(firstEventHash(e));
      }),
      { numRuns: 500 },
    );
  });
});

const event = {
  position: '00000000000000000007',
  streamName: 'lot-1',
  revision: 2,
  metadata: { hash: 'ab'.repeat(32) },
};

describe('the global chain (log hash)', () => {
  it('is the sha256 of the previous log hash, position, stream, revision and event hash, as a JSON array', () => {
    // Stored hashes and signed anchors depend on this exact text: this spec pins it.
    const text = JSON.stringify(['', event.position, 'lot-1', 2, event.metadata.hash]);
    expect(nextLogHash(LOG_CHAIN_START, event)).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('changes with each thing it covers', () => {
    const base = logHash('p', event.position, 'lot-1', 2, 'h');
    expect(logHash('q', event.position, 'lot-1', 2, 'h')).not.toBe(base);
    expect(logHash('p', '00000000000000000008', 'lot-1', 2, 'h')).not.toBe(base);
    expect(logHash('p', event.position, 'lot-2', 2, 'h')).not.toBe(base);
    expect(logHash('p', event.position, 'lot-1', 3, 'h')).not.toBe(base);
    expect(logHash('p', event.position, 'lot-1', 2, 'i')).not.toBe(base);
  });

  it('reads no two inputs alike when their parts run together', () => {
    expect(logHash('p', '1', 'lot-12', 3, 'h')).not.toBe(logHash('p', '1', 'lot-1', 23, 'h'));
  });
});

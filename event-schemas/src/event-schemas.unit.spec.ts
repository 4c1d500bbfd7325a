import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalJson, eventHash, verifyChain } from './hash-chain.ts';
import { events } from './index.ts';
import { LotListed } from './lot-events.ts';
import { createRegistry, defineEvent, EventVersionError, UnknownEventError } from './registry.ts';
import { lotStream, parseStreamName } from './streams.ts';

const metadata = (prevHash: string) => ({
  correlationId: 'c-1',
  causationId: 'c-1',
  commandId: 'c-1',
  actor: { kind: 'admin' as const, id: 'a' },
  occurredAt: '2026-11-22T12:00:00.000Z',
  prevHash,
});

function chainOf(datas: unknown[]) {
  let prev = '';
  return datas.map((data, i) => {
    const draft = { id: `e-${i}`, type: 'Thing', version: 1, data, metadata: metadata(prev) };
    const hash = eventHash(draft);
    prev = hash;
    return { ...draft, metadata: { ...draft.metadata, hash } };
  });
}

describe('hash chain', () => {
  it('verifies an unaltered stream', () => {
    expect(verifyChain(chainOf([{ a: 1 }, { a: 2 }, { a: 3 }]))).toBeNull();
  });

  it('does not depend on the order of keys', () => {
    const [one] = chainOf([{ a: 1, b: 2 }]);
    const reordered = { ...one!, data: { b: 2, a: 1 } };
    expect(eventHash(reordered)).toBe(one!.metadata.hash);
  });

  it('finds an event whose data was changed after it was written', () => {
    const stream = chainOf([{ amount: 100 }, { amount: 200 }, { amount: 300 }]);
    stream[1] = { ...stream[1]!, data: { amount: 250 } };
    expect(verifyChain(stream)).toEqual({ index: 1, eventId: 'e-1', reason: 'hash' });
  });

  it('finds an event removed from the middle of a stream', () => {
    const stream = chainOf([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(verifyChain([stream[0]!, stream[2]!])).toEqual({ index: 1, eventId: 'e-2', reason: 'prevHash' });
  });

  it('writes the same canonical JSON as it always has, so stored hashes still verify', () => {
    // The first implementation, kept as the reference: every hash in a log was computed over its text.
    const reference = (value: unknown): string => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
      if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
    };
    fc.assert(
      fc.property(
        fc.anything({ withSparseArray: true, withNullPrototype: true, withObjectString: true }),
        (value) => {
          expect(canonicalJson(value)).toBe(reference(value));
        },
      ),
      { numRuns: 3000 },
    );
    const [one] = chainOf([{ amount: 100, by: 'ann', tags: ['x', undefined, 2], note: undefined }]);
    // Computed by the first implementation.
    expect(one?.metadata.hash).toBe('16507768c9b9fac7093a5c17be9db3d55ac7bf2ff4293e68f505cde79de7529e');
  });

  it('finds a changed actor in the metadata', () => {
    const stream = chainOf([{ a: 1 }]);
    const forged = {
      ...stream[0]!,
      metadata: { ...stream[0]!.metadata, actor: { kind: 'user' as const, id: 'x' } },
    };
    expect(verifyChain([forged])).toEqual({ index: 0, eventId: 'e-0', reason: 'hash' });
  });
});

describe('event registry', () => {
  const Renamed = defineEvent({
    type: 'Renamed',
    version: 3,
    schema: z.object({ fullName: z.string(), source: z.string() }),
    upcasters: {
      1: (d) => ({ fullName: (d as { name: string }).name }),
      2: (d) => ({ ...(d as object), source: 'legacy' }),
    },
  });
  const registry = createRegistry([Renamed]);

  it('lifts old versions step by step to the current one', () => {
    expect(registry.upcast('Renamed', 1, { name: 'Ann' })).toEqual({
      version: 3,
      data: { fullName: 'Ann', source: 'legacy' },
    });
    expect(registry.upcast('Renamed', 3, { fullName: 'Bo', source: 'web' }).data).toEqual({
      fullName: 'Bo',
      source: 'web',
    });
  });

  it('refuses unknown types and versions, and data that does not fit the schema', () => {
    expect(() => registry.upcast('Nope', 1, {})).toThrow(UnknownEventError);
    expect(() => registry.upcast('Renamed', 4, {})).toThrow(EventVersionError);
    expect(() => registry.validate('Renamed', { fullName: 1 })).toThrow();
  });

  it('returns data stored at the current version as stored, and validates what it lifts', () => {
    const stored = { fullName: 'Bo', source: 'web' };
    expect(registry.upcast('Renamed', 3, stored).data).toBe(stored);
    expect(() => registry.upcast('Renamed', 1, { name: 42 })).toThrow();
  });

  it('needs an upcaster for every older version', () => {
    expect(() => defineEvent({ type: 'Gap', version: 2, schema: z.object({}) })).toThrow(
      'Gap: no upcaster from version 1',
    );
  });

  it('reads LotListed version 1 (dollars) as version 2 (cents)', () => {
    const v1 = {
      openingBid: 12.5,
      reserve: null,
      buyNowPrice: 19.99,
      discounts: [{ quantity: 6, price: 18.5 }],
    };
    const up = LotListed.upcasters?.[1]?.(v1);
    expect(up).toMatchObject({
      openingBid: 1250,
      reserve: null,
      buyNowPrice: 1999,
      discounts: [{ quantity: 6, price: 1850 }],
    });
    expect(events.currentVersion('LotListed')).toBe(2);
  });
});

describe('stream names', () => {
  it('names one stream per aggregate and parses it back', () => {
    expect(lotStream('abc-1')).toBe('lot-abc-1');
    expect(parseStreamName('lot-abc-1')).toEqual({ category: 'lot', id: 'abc-1' });
    expect(parseStreamName('$et-LotListed')).toBeNull();
    expect(() => lotStream('')).toThrow();
  });
});

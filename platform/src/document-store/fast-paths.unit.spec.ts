import fc from 'fast-check';
import { Query, updateOne } from 'mingo';
import { describe, expect, it } from 'vitest';
import { compileFastFilter, compileFastProjection, fastUpdate, UNKNOWN } from './fast-paths.ts';

const scalar = fc.oneof(
  fc.constantFrom(null, 0, 1, 2, -1, 'a', 'b', ''),
  fc.boolean(),
  fc.integer({ min: -3, max: 3 }),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.record({ c: scalar }, { requiredKeys: [], noNullPrototype: true }),
);
const doc = fc.record(
  {
    _id: fc.constant('d1'),
    a: value,
    b: fc.record({ c: value }, { requiredKeys: [], noNullPrototype: true }),
  },
  {
    requiredKeys: ['_id'],
    noNullPrototype: true,
  },
);
const path = fc.constantFrom('a', 'b.c', 'x', 'b.c.d');
const condition = fc.oneof(
  scalar,
  fc.record({ $eq: scalar }),
  fc.record({ $ne: scalar }),
  fc.record({ $lt: scalar, $gte: scalar }, { requiredKeys: ['$lt'], noNullPrototype: true }),
  fc.record({ $gt: scalar, $lte: scalar }, { requiredKeys: ['$gt'], noNullPrototype: true }),
  fc.record({ $in: fc.array(scalar, { maxLength: 3 }) }),
  fc.record({ $nin: fc.array(scalar, { maxLength: 3 }) }),
  fc.record({ $exists: fc.boolean() }),
);

const clone = <T>(v: T): T => structuredClone(v);

describe('embedded store fast paths', () => {
  it('judge filters like mingo wherever they give a verdict', () => {
    fc.assert(
      fc.property(doc, fc.dictionary(path, condition, { maxKeys: 2, noNullPrototype: true }), (d, filter) => {
        const fast = compileFastFilter(filter);
        if (!fast) return;
        const verdict = fast(d);
        if (verdict === UNKNOWN) return;
        expect(verdict).toBe(new Query(filter).test(d));
      }),
      { numRuns: 3000 },
    );
  });

  it('apply $set/$unset/$inc/$max/$min like mingo without touching the input', () => {
    const fieldUpdate = fc.dictionary(
      fc.constantFrom('a', 'b.c', 'n', 'b.m'),
      fc.integer({ min: -2, max: 2 }),
      {
        maxKeys: 1,
        noNullPrototype: true,
      },
    );
    const update = fc.record(
      {
        $set: fc.dictionary(fc.constantFrom('a', 'b.c', 's', 'b.n.deep'), value, {
          maxKeys: 2,
          noNullPrototype: true,
        }),
        $unset: fc.dictionary(fc.constantFrom('a', 'b.c', 'zz'), fc.constant(''), { noNullPrototype: true }),
        $inc: fieldUpdate,
        $max: fieldUpdate,
        $min: fieldUpdate,
      },
      { requiredKeys: [], noNullPrototype: true },
    );
    fc.assert(
      fc.property(doc, update, (d, u) => {
        if (Object.keys(u).length === 0) return;
        const before = clone(d);
        const fast = fastUpdate(d, u, clone);
        expect(d).toEqual(before);
        if (fast === UNKNOWN) return;
        const viaMingo = [clone(d)];
        let result: { modifiedCount: number };
        try {
          result = updateOne(viaMingo, {}, u as never, { cloneMode: 'deep' });
        } catch {
          throw new Error(
            `fast path accepted an update mingo rejects: ${JSON.stringify(u)} on ${JSON.stringify(d)}`,
          );
        }
        expect(fast === null ? d : fast).toEqual(viaMingo[0]);
        expect(fast !== null).toBe(result.modifiedCount > 0);
      }),
      { numRuns: 3000 },
    );
  });

  it('projects top-level fields like find() does', () => {
    const project = (p: Record<string, 0 | 1>) =>
      compileFastProjection(p)!({ _id: 'x', a: 1, b: { c: 2 }, d: 3 });
    expect(project({ a: 1, b: 1 })).toEqual({ _id: 'x', a: 1, b: { c: 2 } });
    expect(project({ a: 1, _id: 0 })).toEqual({ a: 1 });
    expect(project({ a: 0 })).toEqual({ _id: 'x', b: { c: 2 }, d: 3 });
    expect(project({ _id: 0 })).toEqual({ a: 1, b: { c: 2 }, d: 3 });
    expect(compileFastProjection({ 'b.c': 1 })).toBeNull();
    expect(compileFastProjection({ a: 1, d: 0 })).toBeNull();
  });
});

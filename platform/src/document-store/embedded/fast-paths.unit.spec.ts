import fc from 'fast-check';
import { Aggregator, Query, updateOne } from 'mingo';
import { describe, expect, it } from 'vitest';
import { compileFastFilter, matchesTopLevel, UNKNOWN } from './fast-filter.ts';
import { compileFastProjection, fastSort, fastUpdate } from './fast-update.ts';

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
  fc.record(
    { $regex: fc.constantFrom('a', '^b', 'A', '', '\\.'), $options: fc.constantFrom('', 'i', 'im') },
    { requiredKeys: ['$regex'], noNullPrototype: true },
  ),
);

const clone = <T>(v: T): T => structuredClone(v);

// Thousands of draws each: seconds on a loaded two-core machine, past Vitest's default 5 s.
describe('embedded store fast paths', { timeout: 30_000 }, () => {
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

  it('judge $and and $or of such filters like mingo wherever they give a verdict', () => {
    const simple = fc.dictionary(path, condition, { minKeys: 1, maxKeys: 2, noNullPrototype: true });
    const combined = fc.record(
      {
        $and: fc.array(simple, { minLength: 1, maxLength: 3 }),
        $or: fc.array(simple, { minLength: 1, maxLength: 3 }),
        a: condition,
      },
      { requiredKeys: [], noNullPrototype: true },
    );
    let judged = 0;
    fc.assert(
      fc.property(doc, combined, (d, filter) => {
        const fast = compileFastFilter(filter);
        if (!fast) return;
        const verdict = fast(d);
        if (verdict === UNKNOWN) return;
        judged += 1;
        expect(verdict).toBe(new Query(filter).test(d));
      }),
      { numRuns: 3000 },
    );
    expect(judged).toBeGreaterThan(300);
  });

  it('judge top-level filters without compiling them like mingo wherever they give a verdict', () => {
    const field = fc.constantFrom('a', 'x', '_id');
    const comparison = fc.oneof(
      scalar,
      fc.record({ $eq: scalar }),
      fc.record({ $ne: scalar }),
      fc.record({ $lt: scalar, $gte: scalar }, { requiredKeys: ['$lt'], noNullPrototype: true }),
      fc.record({ $gt: scalar, $lte: scalar }, { requiredKeys: ['$gt'], noNullPrototype: true }),
      fc.record({ $exists: fc.boolean() }),
    );
    let judged = 0;
    fc.assert(
      fc.property(
        doc,
        fc.dictionary(field, comparison, { maxKeys: 3, noNullPrototype: true }),
        (d, filter) => {
          const verdict = matchesTopLevel(d, filter);
          if (verdict === UNKNOWN) return;
          judged += 1;
          expect(verdict).toBe(new Query(filter).test(d));
        },
      ),
      { numRuns: 3000 },
    );
    expect(judged).toBeGreaterThan(1000);
    // Other shapes are left to mingo, even after a clause that is false.
    expect(matchesTopLevel({ a: 1 }, { a: 2, 'b.c': 1 })).toBe(UNKNOWN);
    expect(matchesTopLevel({ a: 1 }, { a: 2, b: { $in: [1] } })).toBe(UNKNOWN);
    expect(matchesTopLevel({ a: [1] }, { a: 1 })).toBe(UNKNOWN);
    expect(matchesTopLevel({ a: 1 }, { $or: [{ a: 1 }] })).toBe(UNKNOWN);
  });

  it('sort scalar keys in MongoDB order like mingo, and leave arrays and objects to mingo', () => {
    const sortable = fc.oneof(scalar, fc.constantFrom(0.5, -2.5, 'B', 'aa', 'é'), fc.constant(undefined));
    const docs = fc
      .array(
        fc.record(
          { a: sortable, b: fc.record({ c: sortable }, { noNullPrototype: true }) },
          { noNullPrototype: true },
        ),
        {
          maxLength: 12,
        },
      )
      .map((list) =>
        list.map((d, i) => {
          const out: Record<string, unknown> = { _id: `d${String(i).padStart(2, '0')}`, b: d.b };
          if (d.a !== undefined) out.a = d.a;
          return out;
        }),
      );
    const direction = fc.constantFrom<1 | -1>(1, -1);
    fc.assert(
      fc.property(docs, direction, direction, (list, da, dc) => {
        const sort = { a: da, 'b.c': dc, _id: 1 as const };
        const fast = fastSort(list, sort);
        expect(fast).not.toBe(UNKNOWN);
        expect((fast as typeof list).map((d) => d._id)).toEqual(
          (new Aggregator([{ $sort: sort }]).run(list) as typeof list).map((d) => d._id),
        );
      }),
      { numRuns: 2000 },
    );
    expect(fastSort([{ _id: 'x', a: [1, 2] }], { a: 1 })).toBe(UNKNOWN);
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

  it('apply $push (one value, or $each with $slice) and $addToSet like mingo, beside $set and $inc', () => {
    const pushValue = fc.oneof(
      value,
      fc.record(
        { $each: fc.array(value, { maxLength: 3 }), $slice: fc.integer({ min: -3, max: 3 }) },
        { requiredKeys: ['$each'], noNullPrototype: true },
      ),
    );
    const update = fc.record(
      {
        $push: fc.dictionary(fc.constantFrom('a', 'b.c', 'list', 'b.list'), pushValue, {
          maxKeys: 2,
          noNullPrototype: true,
        }),
        $addToSet: fc.dictionary(fc.constantFrom('a', 'b.c', 'set', 'b.set'), value, {
          maxKeys: 2,
          noNullPrototype: true,
        }),
        $set: fc.dictionary(fc.constantFrom('s', 'b.s'), scalar, { maxKeys: 1, noNullPrototype: true }),
        $inc: fc.dictionary(fc.constantFrom('n', 'b.n'), fc.integer({ min: -2, max: 2 }), {
          maxKeys: 1,
          noNullPrototype: true,
        }),
      },
      { requiredKeys: [], noNullPrototype: true },
    );
    const withLists = doc.chain((d) =>
      fc
        .record(
          { list: fc.array(value, { maxLength: 4 }), set: fc.array(scalar, { maxLength: 4 }) },
          { requiredKeys: [], noNullPrototype: true },
        )
        .map((lists) => ({ ...d, ...lists })),
    );
    let fastCount = 0;
    fc.assert(
      fc.property(withLists, update, (d, u) => {
        if (Object.keys(u).length === 0) return;
        const before = clone(d);
        const fast = fastUpdate(d, u, clone);
        expect(d).toEqual(before);
        if (fast === UNKNOWN) return;
        fastCount++;
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
    // Most of these updates take the fast path (the rest: a $push onto a missing field or a scalar, an $addToSet of an object, left to mingo).
    expect(fastCount).toBeGreaterThan(500);
  });

  it('apply updates of top-level fields like mingo, copying the document only when it changes', () => {
    const top = fc.constantFrom('a', 'n', 's');
    const number = fc.integer({ min: -2, max: 2 });
    const update = fc.record(
      {
        $set: fc.dictionary(top, value, { maxKeys: 2, noNullPrototype: true }),
        $unset: fc.dictionary(top, fc.constant(''), { maxKeys: 1, noNullPrototype: true }),
        $inc: fc.dictionary(top, number, { maxKeys: 2, noNullPrototype: true }),
        $max: fc.dictionary(top, number, { maxKeys: 1, noNullPrototype: true }),
        $min: fc.dictionary(top, number, { maxKeys: 1, noNullPrototype: true }),
      },
      { requiredKeys: [], noNullPrototype: true },
    );
    let applied = 0;
    fc.assert(
      fc.property(doc, update, (d, u) => {
        if (Object.keys(u).length === 0) return;
        const before = clone(d);
        const fast = fastUpdate(d, u, clone);
        expect(d).toEqual(before);
        if (fast === UNKNOWN) return;
        applied += 1;
        const viaMingo = [clone(d)];
        const result = updateOne(viaMingo, {}, u as never, { cloneMode: 'deep' });
        expect(fast === null ? d : fast).toEqual(viaMingo[0]);
        expect(fast !== null).toBe(result.modifiedCount > 0);
        if (fast !== null) expect(fast).not.toBe(d);
      }),
      { numRuns: 3000 },
    );
    // The fast path answers about a third of these updates (996–1,067 in nine runs, by the draw: over
    // 1,000 failed one CI run); a quarter is far below any draw and far above a fast path that gave up.
    expect(applied).toBeGreaterThan(750);
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

  it('apply updates in place (a version only the open transaction saw) to the same result as mingo', () => {
    // Top-level fields only: a nested path is never changed in place.
    const update = fc.record(
      {
        $set: fc.dictionary(fc.constantFrom('a', 's'), value, {
          maxKeys: 2,
          noNullPrototype: true,
        }),
        $unset: fc.dictionary(fc.constantFrom('a', 'zz'), fc.constant(''), { noNullPrototype: true }),
        $inc: fc.dictionary(fc.constantFrom('a', 'n'), fc.integer({ min: -2, max: 2 }), {
          maxKeys: 1,
          noNullPrototype: true,
        }),
      },
      { requiredKeys: [], noNullPrototype: true },
    );
    fc.assert(
      fc.property(doc, update, (d, u) => {
        if (Object.keys(u).length === 0) return;
        const viaMingo = [clone(d)];
        let result: { modifiedCount: number };
        const own = clone(d);
        try {
          result = updateOne(viaMingo, {}, u as never, { cloneMode: 'deep' });
        } catch {
          // An update that fails leaves the document as it was (the store then asks mingo, which throws).
          expect(fastUpdate(own, u, clone, true)).toBe(UNKNOWN);
          expect(own).toEqual(d);
          return;
        }
        const fast = fastUpdate(own, u, clone, true);
        if (fast === UNKNOWN) {
          // mingo then applies it to the document: it must be as it was.
          expect(own).toEqual(d);
          return;
        }
        expect(fast === null ? own : fast).toEqual(viaMingo[0]);
        expect(fast !== null).toBe(result.modifiedCount > 0);
      }),
      { numRuns: 1000 },
    );
  });

  it("project top-level fields like mingo's $project wherever they compile", () => {
    const projection = fc.dictionary(fc.constantFrom('_id', 'a', 'b', 'x', 'b.c'), fc.constantFrom(0, 1), {
      minKeys: 1,
      maxKeys: 3,
      noNullPrototype: true,
    });
    let compiled = 0;
    fc.assert(
      fc.property(doc, projection, (d, p) => {
        const project = compileFastProjection(p);
        if (!project) return;
        let viaMingo: unknown;
        try {
          [viaMingo] = new Aggregator([{ $project: p }]).run([clone(d)]);
        } catch {
          // `{_id: 1, a: 0}`: mingo refuses to mix them; the fast path reads it as excluding `a`.
          return;
        }
        compiled += 1;
        expect(project(d)).toEqual(viaMingo);
      }),
      { numRuns: 1000 },
    );
    expect(compiled).toBeGreaterThan(200);
  });
});

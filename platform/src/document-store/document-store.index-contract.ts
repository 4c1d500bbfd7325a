/**
 * The index part of the document store contract: a collection with indexes answers every `find`
 * (filter, sort, skip, limit) and `countDocuments` exactly as the same data without indexes, before
 * and after writes that move documents in and out of the indexes. Randomised (fast-check), so a wrong
 * index answer (a missed candidate, a wrong order, a stale entry) fails. Where the store defers its
 * indexes (`deferIndexes`), the same holds while they are deferred, after a reader built one, through
 * writes after that, and once they are built again.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Doc, DocumentStore, Filter, IndexSpec, Sort, Update } from './port.ts';

const scalar = fc.oneof(
  fc.constantFrom(null, 0, 1, 2, -1, 2.5, 'a', 'b', 'B', '', 'ab', true, false),
  fc.integer({ min: -3, max: 3 }),
);
/** Mostly scalars; now and then an array, which makes the document irregular for an index on it. */
const value = fc.oneof(
  { weight: 12, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 2 }) },
);
const fields = ['a', 'b', 'c'] as const;
const field = fc.constantFrom(...fields);

const document = fc.record(
  { a: value, b: scalar, c: scalar, n: fc.record({ x: scalar }, { requiredKeys: [] }) },
  { requiredKeys: [] },
);

const bound = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'b', 2.5));
const condition = fc.oneof(
  scalar,
  fc.record({ $eq: scalar }),
  fc.record({ $in: fc.array(scalar, { maxLength: 4 }) }),
  fc.record({ $gte: bound }),
  fc.record({ $gt: bound, $lte: bound }),
  fc.record({ $lt: bound }, { requiredKeys: ['$lt'] }),
  fc.record({ $ne: scalar }),
  fc.record({ $in: fc.array(scalar, { maxLength: 2 }), $ne: scalar }),
);
const path = fc.constantFrom('a', 'b', 'c', 'n.x');
const idIn = fc
  .array(fc.integer({ min: 0, max: 40 }), { maxLength: 12 })
  .map((ns): Filter => ({ _id: { $in: ns.map((n) => `d${String(n).padStart(2, '0')}`) } }));
const clause = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(path, condition).map(([p, c]): Filter => ({ [p]: c })) },
  { weight: 1, arbitrary: idIn },
);
const filter: fc.Arbitrary<Filter> = fc.oneof(
  fc.constant({}),
  clause,
  fc.array(clause, { minLength: 1, maxLength: 3 }).map((cs) => Object.assign({}, ...cs)),
  fc.array(clause, { minLength: 1, maxLength: 3 }).map((cs) => ({ $and: cs })),
  fc
    .array(clause, { minLength: 1, maxLength: 2 })
    .map((cs) => ({ $and: [{ $or: [cs[0]] }, ...cs.slice(1)] })),
  fc.array(clause, { minLength: 2, maxLength: 2 }).map((cs) => ({ $or: cs })),
);
const sort = fc
  .tuple(fc.constantFrom('a', 'b', 'c', 'n.x'), fc.constantFrom(1, -1), fc.constantFrom(1, -1))
  .map(([f, d, tie]): Sort => ({ [f]: d as 1 | -1, _id: tie as 1 | -1 }));
const query = fc.record({
  filter,
  sort,
  skip: fc.constantFrom(0, 0, 1, 3),
  limit: fc.constantFrom(0, 1, 2, 5, 20),
});
const write = fc.oneof(
  fc.record({
    updateMany: fc.record({
      filter: clause,
      update: fc.tuple(field, scalar).map(([f, v]) => ({ $set: { [f]: v } })),
    }),
  }),
  fc.record({
    updateOne: fc.record({ filter: clause, update: fc.tuple(field).map(([f]) => ({ $unset: { [f]: '' } })) }),
  }),
  fc.record({ deleteMany: fc.record({ filter: clause }) }),
  fc.record({ replaceOne: fc.record({ filter: clause, replacement: document }) }),
);

const indexes: IndexSpec[] = [
  { key: { a: 1, b: 1 }, name: 'a_b' },
  { key: { b: -1 }, name: 'b' },
  { key: { c: 1, a: 1 }, name: 'c_a' },
  { key: { 'n.x': 1 }, name: 'nx' },
];

type Write =
  | { updateMany: { filter: Filter; update: Update } }
  | { updateOne: { filter: Filter; update: Update } }
  | { deleteMany: { filter: Filter } }
  | { replaceOne: { filter: Filter; replacement: Record<string, unknown> } };

async function apply(store: DocumentStore, name: string, w: Write): Promise<void> {
  const coll = store.collection(name);
  if ('updateMany' in w) await coll.updateMany(w.updateMany.filter, w.updateMany.update);
  else if ('updateOne' in w) await coll.updateOne(w.updateOne.filter, w.updateOne.update);
  else if ('deleteMany' in w) await coll.deleteMany(w.deleteMany.filter);
  else {
    // Which document replaceOne picks without a sort is the server's choice: pin it by _id.
    const [target] = await coll.find(w.replaceOne.filter, { sort: { _id: 1 }, limit: 1 });
    if (target) await coll.replaceOne({ _id: target._id }, w.replaceOne.replacement as Doc);
  }
}

/** Runs the randomised comparison; `collectionName` makes names unique to the run. */
export async function indexedAnswersMatchScans(
  store: DocumentStore,
  collectionName: (test: string) => string,
  runs = 60,
): Promise<void> {
  let round = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(document, { maxLength: 40 }),
      fc.array(write, { maxLength: 4 }),
      fc.array(query, { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      fc.constantFrom('kept', 'deferred', 'built'),
      async (docs, writes, queries, numericIds, deferral) => {
        round += 1;
        const plain = collectionName(`scan${round}`);
        const indexed = collectionName(`indexed${round}`);
        // String ids sort in the index as they do in MongoDB; others make the planner finish ties itself.
        const id = (i: number) => (numericIds && i % 5 === 0 ? i : `d${String(i).padStart(2, '0')}`);
        const seeded = docs.map((d, i) => ({ ...d, _id: id(i) }) as Doc);
        await store.collection(indexed).createIndex(indexes[0] as IndexSpec);
        const build = deferral === 'kept' ? undefined : store.deferIndexes?.([indexed]);
        for (const name of [plain, indexed]) {
          if (seeded.length)
            await store.collection(name).bulkWrite(seeded.map((document) => ({ insertOne: { document } })));
        }
        for (const spec of indexes.slice(1)) await store.collection(indexed).createIndex(spec);
        const writeBoth = async () => {
          for (const w of writes as Write[]) {
            await apply(store, plain, w);
            await apply(store, indexed, w);
          }
        };
        const compare = async () => {
          for (const q of queries) {
            const options = { sort: q.sort, skip: q.skip, limit: q.limit };
            const [want, got] = await Promise.all(
              [plain, indexed].map((name) => store.collection(name).find(q.filter, options)),
            );
            expect(got, JSON.stringify(q)).toEqual(want);
            // A read-only find answers the same documents (the store's own, on the embedded store).
            const shared = await store.collection(indexed).find(q.filter, { ...options, readonly: true });
            expect(shared, JSON.stringify(q)).toEqual(want);
            const [wantCount, gotCount] = await Promise.all(
              [plain, indexed].map((name) => store.collection(name).countDocuments(q.filter)),
            );
            expect(gotCount, JSON.stringify(q.filter)).toBe(wantCount);
          }
        };
        try {
          await writeBoth();
          if (deferral === 'built') build?.();
          await compare();
          if (!build) return;
          // Deferred: the queries built what they used, and writes now keep it; or built for all.
          await writeBoth();
          await compare();
          build();
          await compare();
        } finally {
          await store.dropCollection(plain);
          await store.dropCollection(indexed);
        }
      },
    ),
    { numRuns: runs },
  );
}

import fc from 'fast-check';
import { Query, updateOne } from 'mingo';
import { isEqual } from 'mingo/util';
import { describe, expect, it } from 'vitest';
import type { Doc, UpdateResult } from '../port.ts';
import { createEmbeddedDocumentStore } from './store.ts';

/**
 * The store's own fast paths (an `_id` filter answered by one lookup and its top-level conditions,
 * an upsert of plain sets made on its seed, the writer's last document kept, a version changed in
 * place by the transaction that alone saw it) against the slow path: mingo over a plain map.
 */
type Write = { id: string; filter: Doc; update: Record<string, Record<string, unknown>>; upsert: boolean };

const id = fc.constantFrom('a', 'b', 'c');
const small = fc.integer({ min: 0, max: 3 });
const write = fc
  .record({
    id,
    cond: fc.option(fc.oneof(small, fc.record({ $gt: small }), fc.record({ $ne: small })), {
      nil: undefined,
    }),
    set: fc.dictionary(
      fc.constantFrom('w', 'x', 'tags'),
      fc.oneof(small, fc.array(small, { maxLength: 2 })),
      {
        maxKeys: 2,
        noNullPrototype: true,
      },
    ),
    setId: fc.boolean(),
    inc: fc.option(small, { nil: undefined }),
    onInsert: fc.option(small, { nil: undefined }),
    upsert: fc.boolean(),
  })
  .map(({ id, cond, set, setId, inc, onInsert, upsert }): Write => {
    const update: Write['update'] = {};
    if (setId || Object.keys(set).length > 0) update.$set = { ...(setId ? { _id: id } : {}), ...set };
    if (inc !== undefined) update.$inc = { v: inc };
    if (onInsert !== undefined) update.$setOnInsert = { y: onInsert };
    if (Object.keys(update).length === 0) update.$set = { w: 0 };
    return { id, filter: cond === undefined ? { _id: id } : { _id: id, v: cond }, update, upsert };
  });
/** Writes in turns: each turn alone, or in one transaction (which may throw at its end). */
const turns = fc.array(
  fc.record({
    writes: fc.array(write, { minLength: 1, maxLength: 4 }),
    tx: fc.constantFrom('none', 'commit', 'throw'),
  }),
  { minLength: 1, maxLength: 6 },
);

/** MongoDB's updateOne as mingo evaluates it, on a map of plain documents. */
function slowUpdate(
  model: Map<string, Doc>,
  { id, filter, update, upsert }: Write,
): UpdateResult | 'duplicate' {
  const { $setOnInsert, ...rest } = update;
  const { _id, ...set } = rest.$set ?? {};
  const modifier = { ...rest, ...(rest.$set && { $set: set }) };
  if (modifier.$set && Object.keys(modifier.$set).length === 0) delete modifier.$set;
  const doc = model.get(id);
  if (doc && new Query(filter).test(doc)) {
    const next = [structuredClone(doc)];
    if (Object.keys(modifier).length > 0) updateOne(next, {}, modifier as never, { cloneMode: 'deep' });
    const modified = !isEqual(next[0], doc);
    model.set(id, next[0]!);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0 };
  }
  if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
  if (doc) return 'duplicate';
  const seed: Doc[] = [{ _id: id, ...(typeof filter.v === 'number' && { v: filter.v }) }];
  const inserting = { ...modifier, $set: { ...modifier.$set, ...$setOnInsert } };
  updateOne(seed, {}, inserting as never, { cloneMode: 'deep' });
  model.set(id, seed[0]!);
  return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
}

describe("the embedded store's own fast paths", () => {
  it('write as mingo over plain documents would, in and out of transactions, never changing a version handed out', async () => {
    await fc.assert(
      fc.asyncProperty(turns, fc.boolean(), async (plan, indexed) => {
        const store = createEmbeddedDocumentStore({ frozen: false });
        const docs = store.collection('docs');
        if (indexed) await docs.createIndex({ key: { w: 1 } });
        let model = new Map<string, Doc>();
        for (const turn of plan) {
          const handedOut = await docs.find({}, { readonly: true });
          const asHandedOut = structuredClone(handedOut);
          const before = new Map([...model].map(([k, v]) => [k, structuredClone(v)]));
          const run = async () => {
            for (const w of turn.writes) {
              const expected = slowUpdate(model, w);
              const answer = docs.updateOne(w.filter, w.update, { upsert: w.upsert });
              if (expected === 'duplicate') await expect(answer).rejects.toThrow();
              else expect(await answer).toEqual(expected);
            }
            if (turn.tx === 'throw') throw new Error('rolled back');
          };
          if (turn.tx === 'none') await run();
          else await store.withTransaction(run).catch(() => {});
          if (turn.tx === 'throw') model = before;
          expect(handedOut).toEqual(asHandedOut);
          const all = await docs.find({}, { sort: { _id: 1 } });
          expect(all).toEqual([...model.keys()].sort().map((k) => model.get(k)));
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});

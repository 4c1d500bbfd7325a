/**
 * The embedded store's writes. Each is applied synchronously once the write gate lets it through, so
 * a reader never sees half of it; each changed document becomes a new version (`put`).
 */

import { randomUUID } from 'node:crypto';
import { isEqual } from 'mingo/util';
import {
  type BulkOperation,
  type BulkWriteResult,
  type Doc,
  DuplicateKeyError,
  type Filter,
  type Update,
  type UpdateResult,
} from '../port.ts';
import { applyUpdate, assertSameId, setOnSeed } from './apply-update.ts';
import type { Collections } from './collections.ts';
import { UNKNOWN } from './fast-filter.ts';
import type { Finds } from './finds.ts';
import {
  type AnyObject,
  addTo,
  assertOperatorUpdate,
  assertReplacement,
  cloneDeep,
  docKey,
  emptyResult,
  seedFromFilter,
  type Tx,
} from './helpers.ts';

export class Writes {
  constructor(
    private readonly collections: Collections,
    private readonly finds: Finds,
  ) {}

  /** `owned`: the document was built here from copies (an upsert), so it needs no copy of its own. */
  insert(name: string, document: Doc, tx: Tx | null, owned = false): void {
    const doc = owned ? document : (cloneDeep(document) as Doc);
    if (doc._id === undefined) doc._id = randomUUID();
    const state = this.collections.ensure(name, tx);
    const key = docKey(doc._id);
    if (this.collections.readOne(state, key, true)) throw new DuplicateKeyError(name, { _id: doc._id });
    this.collections.put(name, state, key, doc, tx, undefined);
  }

  update(
    name: string,
    filter: Filter,
    change: Update,
    multi: boolean,
    upsert: boolean,
    tx: Tx | null,
  ): UpdateResult {
    assertOperatorUpdate(change);
    const state = this.collections.existing(name);
    const one = multi || !state ? UNKNOWN : this.finds.matchById(state, filter);
    const matched: readonly (Doc | null)[] =
      one !== UNKNOWN ? [one] : this.finds.match(state, filter, multi ? Number.POSITIVE_INFINITY : 1, true);
    const result = emptyResult();
    if (matched.length === 1 && matched[0] === null) {
      // matchById found nothing: the upsert below, or nothing.
      return upsert ? this.upsertOne(name, filter, change, tx) : result;
    }
    if (matched.length === 0) return upsert ? this.upsertOne(name, filter, change, tx) : result;
    result.matchedCount = matched.length;
    const unseen = this.collections.unseenVersions(state!, tx);
    for (const doc of matched as Doc[]) {
      const next = applyUpdate(doc, change, false, unseen?.has(docKey(doc._id)) ?? false);
      if (!next) continue;
      assertSameId(doc._id, next);
      this.collections.put(name, state!, docKey(doc._id), next as Doc, tx, doc);
      result.modifiedCount++;
    }
    return result;
  }

  private upsertOne(name: string, filter: Filter, change: Update, tx: Tx | null): UpdateResult {
    // seedFromFilter copies what it takes from the filter, and applyUpdate what it takes from the update.
    const seed = seedFromFilter(filter);
    const seeded = setOnSeed(seed, change) ?? applyUpdate(seed, change, true)!;
    if (seeded._id === undefined) seeded._id = randomUUID();
    this.insert(name, seeded as Doc, tx, true);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  replace(name: string, filter: Filter, replacement: Doc, upsert: boolean, tx: Tx | null): UpdateResult {
    assertReplacement(replacement);
    const state = this.collections.existing(name);
    const [doc] = this.finds.match(state, filter, 1, true);
    const result = emptyResult();
    if (!doc) {
      if (!upsert) return result;
      const seeded = cloneDeep(replacement) as AnyObject;
      if (seeded._id === undefined) {
        const fromFilter = seedFromFilter(filter)._id;
        seeded._id = fromFilter === undefined ? randomUUID() : fromFilter;
      }
      this.insert(name, seeded as Doc, tx);
      result.upsertedCount = 1;
      return result;
    }
    result.matchedCount = 1;
    const next = cloneDeep(replacement) as AnyObject;
    if (next._id === undefined) next._id = doc._id;
    assertSameId(doc._id, next);
    if (isEqual(next, doc)) return result;
    this.collections.put(name, state!, docKey(doc._id), next as Doc, tx, doc);
    result.modifiedCount = 1;
    return result;
  }

  remove(name: string, filter: Filter, multi: boolean, tx: Tx | null): number {
    const state = this.collections.existing(name);
    let matched = this.finds.match(state, filter, multi ? Number.POSITIVE_INFINITY : 1, true);
    if (!multi) matched = matched.slice(0, 1);
    for (const doc of matched) this.collections.put(name, state!, docKey(doc._id), null, tx, doc);
    return matched.length;
  }

  /** Ordered: the first failure stops the batch; what ran before it stays applied (as on MongoDB). */
  bulk<T extends Doc>(name: string, operations: readonly BulkOperation<T>[], tx: Tx | null): BulkWriteResult {
    const result: BulkWriteResult = {
      insertedCount: 0,
      matchedCount: 0,
      modifiedCount: 0,
      upsertedCount: 0,
      deletedCount: 0,
    };
    for (const op of operations) {
      if ('insertOne' in op) {
        this.insert(name, op.insertOne.document, tx);
        result.insertedCount++;
      } else if ('updateOne' in op) {
        const { filter, update: change, upsert } = op.updateOne;
        addTo(result, this.update(name, filter, change, false, upsert ?? false, tx));
      } else if ('updateMany' in op) {
        const { filter, update: change, upsert } = op.updateMany;
        addTo(result, this.update(name, filter, change, true, upsert ?? false, tx));
      } else if ('replaceOne' in op) {
        const { filter, replacement, upsert } = op.replaceOne;
        addTo(result, this.replace(name, filter, replacement, upsert ?? false, tx));
      } else if ('deleteOne' in op) {
        result.deletedCount += this.remove(name, op.deleteOne.filter, false, tx);
      } else if ('deleteMany' in op) {
        result.deletedCount += this.remove(name, op.deleteMany.filter, true, tx);
      }
    }
    return result;
  }
}

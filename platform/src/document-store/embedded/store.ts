/**
 * In-memory document store. Filters, sorts, projections, update operators, update pipelines and
 * aggregation pipelines are evaluated by mingo, so the MongoDB syntax the projections use behaves
 * the same here as on a real server.
 *
 * Guarantees:
 * - Documents are deep-cloned on the way in and out: callers never share references with the store,
 *   except a `find` with `readonly: true`, which answers the stored documents themselves (the store
 *   never changes a stored document others can see: every write puts a new version in its place; a
 *   version written inside the open transaction, which only the transaction sees, may be changed in
 *   place by its next write there, so a `readonly` answer read inside a transaction holds until the
 *   transaction's next write).
 * - Every single write (and a whole `bulkWrite` up to its first failure) is applied synchronously,
 *   so a reader never sees half of it.
 * - `withTransaction`: writes inside the work are applied to the live data (so the work reads its own
 *   writes) while an undo log keeps the pre-image of every touched document. Readers outside the
 *   transaction see the pre-images until the work resolves (commit = dropping the undo log, one
 *   synchronous step); if the work throws, the pre-images are restored. Transactions run one at a
 *   time, and writes from outside an open transaction wait until it ends (reads never wait). The
 *   transaction follows the async context (AsyncLocalStorage) of the work; a write issued from
 *   another async context while a transaction is open waits for it (do not await such a write
 *   from inside the work: it would never start).
 * - `_id` equality (`{_id: v}`, `{_id: {$eq: v}}`, `{_id: {$in: [...]}}`) is a map lookup.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Aggregator, updateOne as mingoUpdateOne } from 'mingo';
import { isEqual } from 'mingo/util';
import {
  type BulkOperation,
  type BulkWriteResult,
  type Collection,
  type Doc,
  type DocumentStore,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  IndexConflictError,
  sameIndexSpec,
  type Update,
  type UpdateResult,
} from '../port.ts';
import { isFieldName, matchesTopLevel, UNKNOWN } from './fast-filter.ts';
import { compileFastProjection, fastSort, fastUpdate } from './fast-update.ts';
import { FilterCache } from './filter-cache.ts';
import {
  ABSENT,
  type AnyObject,
  addTo,
  assertOperatorUpdate,
  assertReplacement,
  type CollState,
  cloneDeep,
  defaultIndexName,
  docKey,
  emptyResult,
  getPath,
  type IndexState,
  idCandidates,
  isEmpty,
  isPlainObject,
  isScalarId,
  matcher,
  onlySetOnInsert,
  type PreImage,
  seedFromFilter,
  type Tx,
} from './helpers.ts';
import { type IndexedStore, indexedCount, indexedFind, indexedMatches } from './planner.ts';
import {
  buildSortedIndex,
  createSortedIndex,
  DocTable,
  reindexSorted,
  type SortedIndex,
} from './sorted-index.ts';

/** Every collection's documents at one instant, as `dump` gives them and `restore` takes them. */
export type EmbeddedContents = Array<[name: string, docs: Doc[]]>;

export interface EmbeddedDocumentStore extends DocumentStore {
  /**
   * Every collection's documents as they stand, taken in one synchronous step so that it is what a
   * reader would see between two writes (the projection runner commits a batch with its checkpoint
   * in one transaction, so a dump holds whole batches). The documents are the store's own: serialise
   * them before the next write. Null while a transaction is open.
   */
  dump(): EmbeddedContents | null;
  deferIndexes(collections: readonly string[]): () => void;
}

/** A collection's documents as restored, each under its key. */
function tableOf(docs: readonly Doc[]): DocTable<Doc> {
  const table = new DocTable<Doc>();
  for (const doc of docs) table.set(docKey(doc._id), doc);
  return table;
}

/** Whether `fields` sets every field of `seed` to the same (scalar) value. */
function holdsSeed(fields: AnyObject, seed: AnyObject): boolean {
  for (const field in seed) if (fields[field] !== seed[field]) return false;
  return true;
}

/** `put` looks the document up itself. */
const LOOK_UP = Symbol('look up');

export function createEmbeddedDocumentStore(
  options: { restore?: EmbeddedContents } = {},
): EmbeddedDocumentStore {
  const collections = new Map<string, CollState>();
  // Indexes are created by their owners afterwards (createIndex indexes the documents already there).
  for (const [name, docs] of options.restore ?? []) {
    collections.set(name, {
      docs: tableOf(docs),
      indexes: [],
    });
  }
  /** Collections whose sorted indexes are deferred (`deferIndexes`), those not created yet included. */
  const deferring = new Set<string>();
  const handles = new Map<string, Collection>();
  const context = new AsyncLocalStorage<Tx>();
  let active: Tx | null = null;

  /** Waits until no transaction other than the caller's own is open; returns the caller's transaction. */
  async function writeGate(): Promise<Tx | null> {
    while (active && context.getStore() !== active) await active.done;
    return active;
  }

  function existing(name: string): CollState | undefined {
    return collections.get(name);
  }

  function ensure(name: string, tx: Tx | null): CollState {
    let state = collections.get(name);
    if (!state) {
      state = { docs: new DocTable(), indexes: [] };
      collections.set(name, state);
      tx?.created.set(name, state);
    }
    return state;
  }

  /**
   * The live document a writer read or wrote last: the ops of a batch come in pairs and runs on one
   * document (an upsert that creates it, then the guarded change), and a lookup in a map of a million
   * documents is much of a catch-up's cost. Every change of a collection's documents goes through
   * `put` (or `forget` for the rest).
   */
  let last: { state: CollState | null; key: string; doc: Doc | undefined } = {
    state: null,
    key: '',
    doc: undefined,
  };
  const forget = () => {
    last = { state: null, key: '', doc: undefined };
  };

  /** Pre-images of the open transaction that the current reader must see instead of the live data. */
  function hiddenWrites(state: CollState): Map<string, PreImage> | undefined {
    if (!active || context.getStore() === active) return undefined;
    return active.undo.get(state);
  }

  /**
   * `live`: the caller writes, and writes run only when no transaction but the caller's own is open
   * (writeGate), so they always see the live documents.
   */
  function readOne(state: CollState, key: string, live = false): Doc | undefined {
    if (live) {
      if (last.state === state && last.key === key) return last.doc;
      const doc = state.docs.get(key);
      last = { state, key, doc };
      return doc;
    }
    const undo = hiddenWrites(state);
    if (undo?.has(key)) {
      const pre = undo.get(key);
      return pre === ABSENT ? undefined : pre;
    }
    return state.docs.get(key);
  }

  function* readAll(state: CollState, live = false): Iterable<Doc> {
    const undo = live ? undefined : hiddenWrites(state);
    if (!undo) {
      yield* state.docs.values();
      return;
    }
    for (const [key, doc] of state.docs) {
      if (!undo.has(key)) yield doc;
      else {
        const pre = undo.get(key);
        if (pre !== ABSENT && pre) yield pre;
      }
    }
    for (const [key, pre] of undo) if (pre !== ABSENT && !state.docs.has(key)) yield pre;
  }

  /** The collection's sorted indexes, when they show what this reader must see (no hidden writes). */
  function indexedStore(state: CollState): IndexedStore<Doc> | null {
    if (hiddenWrites(state)?.size) return null;
    const indexes = state.indexes.flatMap((i) => (i.sorted ? [fresh(state, i)] : []));
    if (indexes.length === 0) return null;
    state.filters ??= new FilterCache();
    return { docs: state.docs, indexes, filters: state.filters };
  }

  /**
   * A sorted index brought up to date: a stale one is built from the live documents in bulk (an
   * index mirrors the live documents, as `reindex` keeps it), then kept up to date from there on,
   * even while its collection defers (a reader needs it now: building it again after every write
   * would cost more than keeping it).
   */
  function fresh(state: CollState, index: IndexState): SortedIndex {
    if (index.stale || !index.sorted) {
      index.sorted = buildSortedIndex(index.fields, state.docs);
      index.stale = false;
    }
    return index.sorted;
  }

  /** Matching documents (store-owned references: never hand them out without cloning). */
  function match(
    state: CollState | undefined,
    filter: Filter = {},
    limit = Number.POSITIVE_INFINITY,
    live = false,
  ): Doc[] {
    if (!state || limit <= 0) return [];
    const ids = idCandidates(filter);
    const onlyId = ids !== null && Object.keys(filter).length === 1;
    const test = onlyId ? null : matcher(filter);
    const out: Doc[] = [];
    if (ids) {
      const seen = new Set<string>();
      for (const id of ids) {
        const key = docKey(id);
        if (seen.has(key)) continue;
        seen.add(key);
        const doc = readOne(state, key, live);
        if (doc && (!test || test(doc))) out.push(doc);
        if (out.length >= limit) break;
      }
      return out;
    }
    for (const doc of readAll(state, live)) {
      if (!test || test(doc)) out.push(doc);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * The document a filter `{_id: scalar, ...top-level conditions}` matches, or null: one map lookup and
   * no compiled predicate (the guarded update of every projection, per event). UNKNOWN for other
   * shapes, which `match` then handles.
   */
  function matchById(state: CollState, filter: Filter): Doc | null | typeof UNKNOWN {
    const id = filter._id;
    if (!isScalarId(id)) return UNKNOWN;
    const doc = readOne(state, docKey(id), true);
    if (!doc) return null;
    const verdict = matchesTopLevel(doc, filter);
    return verdict === UNKNOWN ? UNKNOWN : verdict ? doc : null;
  }

  function indexKey(index: IndexState, doc: Doc): string {
    return JSON.stringify(index.fields.map((f) => getPath(doc, f) ?? null));
  }

  /**
   * Replaces (or inserts, or with `next` null deletes) one document, keeping unique indexes exact.
   * `prev`: the live document under `key` when the caller has just read it (one map lookup less per
   * write: lookups in a map of a million documents are much of a catch-up's cost).
   */
  function put(
    name: string,
    state: CollState,
    key: string,
    next: Doc | null,
    tx: Tx | null,
    given: Doc | undefined | typeof LOOK_UP = LOOK_UP,
  ): void {
    const prev = given === LOOK_UP ? readOne(state, key, true) : given;
    if (next) {
      for (const index of state.indexes) {
        if (!index.entries) continue;
        const owner = index.entries.get(indexKey(index, next));
        if (owner !== undefined && owner !== key) {
          throw new DuplicateKeyError(
            name,
            Object.fromEntries(index.fields.map((f) => [f, getPath(next, f) ?? null])),
          );
        }
      }
    }
    if (tx) {
      let undo = tx.undo.get(state);
      if (!undo) {
        undo = new Map();
        tx.undo.set(state, undo);
      }
      if (!undo.has(key)) undo.set(key, prev ?? ABSENT);
    }
    reindex(state, key, prev, next ?? undefined);
    if (next) state.docs.set(key, next);
    else state.docs.delete(key);
    last = { state, key, doc: next ?? undefined };
  }

  /**
   * Whether a write must keep some index up to date (a unique one, a sorted one not deferred): that
   * needs the old version as it was. Otherwise a document already written in the open transaction is
   * a version no one outside it has seen (they see its pre-image), and the next write of it in the
   * transaction changes it in place instead of making yet another version (a catch-up writes a lot
   * two or three times per batch).
   */
  function maintained(state: CollState): boolean {
    for (const index of state.indexes) if (index.entries || (index.sorted && !index.stale)) return true;
    return false;
  }

  function reindex(state: CollState, key: string, prev: Doc | undefined, next: Doc | undefined): void {
    state.filters?.changed(key);
    for (const index of state.indexes) {
      if (index.sorted && !index.stale) reindexSorted(index.sorted, key, prev, next);
      if (!index.entries) continue;
      if (prev) {
        const old = indexKey(index, prev);
        if (index.entries.get(old) === key) index.entries.delete(old);
      }
      if (next) index.entries.set(indexKey(index, next), key);
    }
  }

  /** `owned`: the document was built here from copies (an upsert), so it needs no copy of its own. */
  function insert(name: string, document: Doc, tx: Tx | null, owned = false): void {
    const doc = owned ? document : (cloneDeep(document) as Doc);
    if (doc._id === undefined) doc._id = randomUUID();
    const state = ensure(name, tx);
    const key = docKey(doc._id);
    if (readOne(state, key, true)) throw new DuplicateKeyError(name, { _id: doc._id });
    put(name, state, key, doc, tx, undefined);
  }

  /**
   * Applies an update without touching `doc` (stored documents are immutable; new versions may share
   * untouched sub-objects with old ones). Returns the new version, or null when nothing changed.
   */
  function applyUpdate(
    doc: AnyObject,
    update: Update,
    inserting: boolean,
    inPlace = false,
  ): AnyObject | null {
    // The insert-only part of an upsert, on a document that exists: nothing to do.
    if (!inserting && onlySetOnInsert(update)) return null;
    let modifier: Update = update;
    if (!Array.isArray(update) && Object.hasOwn(update, '$setOnInsert')) {
      const { $setOnInsert, ...rest } = update;
      modifier = rest;
      if (inserting && isPlainObject($setOnInsert)) {
        modifier = { ...rest, $set: { ...(rest.$set as AnyObject | undefined), ...$setOnInsert } };
      }
    }
    // MongoDB accepts `_id` in $set/$setOnInsert when it does not change the value; mingo never does.
    if (!Array.isArray(modifier) && isPlainObject(modifier.$set) && Object.hasOwn(modifier.$set, '_id')) {
      const { _id, ...set } = modifier.$set as AnyObject;
      if (doc._id !== undefined) assertSameId(doc._id, { _id });
      modifier = { ...modifier, $set: set };
      if (doc._id === undefined) doc = { ...doc, _id: cloneDeep(_id) };
    }
    if (Array.isArray(modifier) ? modifier.length === 0 : isEmpty(modifier)) {
      return inserting ? doc : null;
    }
    if (!Array.isArray(modifier)) {
      const fast = fastUpdate(doc, modifier, cloneDeep, inPlace);
      if (fast !== UNKNOWN) return fast ?? (inserting ? doc : null);
    }
    const docs = [cloneDeep(doc)];
    // mingo's typings want its own Modifier type; the port accepts MongoDB's syntax as plain objects.
    const result = mingoUpdateOne(docs, {}, modifier as never, { cloneMode: 'deep' });
    if (result.modifiedCount === 0 && !inserting) return null;
    return docs[0]!;
  }

  function assertSameId(before: unknown, after: AnyObject): void {
    if (before !== after._id && !isEqual(before, after._id)) {
      throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
    }
  }

  function update(
    name: string,
    filter: Filter,
    change: Update,
    multi: boolean,
    upsert: boolean,
    tx: Tx | null,
  ): UpdateResult {
    assertOperatorUpdate(change);
    const state = existing(name);
    const one = multi || !state ? UNKNOWN : matchById(state, filter);
    const matched: readonly (Doc | null)[] =
      one !== UNKNOWN ? [one] : match(state, filter, multi ? Number.POSITIVE_INFINITY : 1, true);
    const result = emptyResult();
    if (matched.length === 1 && matched[0] === null) {
      // matchById found nothing: the upsert below, or nothing.
      return upsert ? upsertOne(name, filter, change, tx) : result;
    }
    if (matched.length === 0) return upsert ? upsertOne(name, filter, change, tx) : result;
    result.matchedCount = matched.length;
    const unseen = tx && !maintained(state!) ? tx.undo.get(state!) : undefined;
    for (const doc of matched as Doc[]) {
      const next = applyUpdate(doc, change, false, unseen?.has(docKey(doc._id)) ?? false);
      if (!next) continue;
      assertSameId(doc._id, next);
      put(name, state!, docKey(doc._id), next as Doc, tx, doc);
      result.modifiedCount++;
    }
    return result;
  }

  /**
   * An upsert's new document when its update only sets top-level fields (`$set`, `$setOnInsert`, the
   * insert-only part winning, as applyUpdate merges them): set on the seed, which is a copy already
   * (every bid and standing of a catch-up is created so). One set of fields that holds the seed's own
   * (a whole document, `_id` included: a bid, a standing) is copied in one step instead, an object of
   * its shape (fields inline, not added one by one after the `_id`: a million such documents of a
   * catch-up took a third more memory so, for the young generation to copy). Null for other shapes.
   */
  function setOnSeed(seed: AnyObject, update: Update): AnyObject | null {
    if (Array.isArray(update)) return null;
    let sets = 0;
    let only: AnyObject = {};
    for (const op in update) {
      const fields = update[op];
      if ((op !== '$set' && op !== '$setOnInsert') || !isPlainObject(fields)) return null;
      for (const field in fields) if (!isFieldName(field)) return null;
      sets += 1;
      only = fields;
    }
    if (sets === 1 && holdsSeed(only, seed)) {
      const doc: AnyObject = { ...only };
      for (const field in doc) {
        const value = doc[field];
        if (value !== null && typeof value === 'object') doc[field] = cloneDeep(value);
      }
      return doc;
    }
    for (const op of ['$set', '$setOnInsert'] as const) {
      const fields = update[op] as AnyObject | undefined;
      for (const field in fields) {
        const value = fields[field];
        if (field !== '_id') seed[field] = cloneDeep(value);
        else if (seed._id === undefined) seed._id = cloneDeep(value);
        else assertSameId(seed._id, { _id: value });
      }
    }
    return seed;
  }

  function upsertOne(name: string, filter: Filter, change: Update, tx: Tx | null): UpdateResult {
    // seedFromFilter copies what it takes from the filter, and applyUpdate what it takes from the update.
    const seed = seedFromFilter(filter);
    const seeded = setOnSeed(seed, change) ?? applyUpdate(seed, change, true)!;
    if (seeded._id === undefined) seeded._id = randomUUID();
    insert(name, seeded as Doc, tx, true);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  function replace(
    name: string,
    filter: Filter,
    replacement: Doc,
    upsert: boolean,
    tx: Tx | null,
  ): UpdateResult {
    assertReplacement(replacement);
    const state = existing(name);
    const [doc] = match(state, filter, 1, true);
    const result = emptyResult();
    if (!doc) {
      if (!upsert) return result;
      const seeded = cloneDeep(replacement) as AnyObject;
      if (seeded._id === undefined) {
        const fromFilter = seedFromFilter(filter)._id;
        seeded._id = fromFilter === undefined ? randomUUID() : fromFilter;
      }
      insert(name, seeded as Doc, tx);
      result.upsertedCount = 1;
      return result;
    }
    result.matchedCount = 1;
    const next = cloneDeep(replacement) as AnyObject;
    if (next._id === undefined) next._id = doc._id;
    assertSameId(doc._id, next);
    if (isEqual(next, doc)) return result;
    put(name, state!, docKey(doc._id), next as Doc, tx, doc);
    result.modifiedCount = 1;
    return result;
  }

  function remove(name: string, filter: Filter, multi: boolean, tx: Tx | null): number {
    const state = existing(name);
    let matched = match(state, filter, multi ? Number.POSITIVE_INFINITY : 1, true);
    if (!multi) matched = matched.slice(0, 1);
    for (const doc of matched) put(name, state!, docKey(doc._id), null, tx, doc);
    return matched.length;
  }

  function snapshot(name: string): AnyObject[] {
    const state = existing(name);
    return state ? Array.from(readAll(state), cloneDeep) : [];
  }

  function runFind(name: string, filter: Filter | undefined, options: FindOptions | undefined): Doc[] {
    const sort = options?.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
    const skip = options?.skip ?? 0;
    const limit = options?.limit ? options.limit : Number.POSITIVE_INFINITY;
    const state = existing(name);
    // An `_id` list is map lookups (match); other filters may have an index narrowing them.
    const store = state && (sort || (filter && idCandidates(filter) === null)) ? indexedStore(state) : null;
    const found = !store
      ? null
      : sort
        ? indexedFind(store, filter ?? {}, sort, { skip, limit }, matcher(filter ?? {}))
        : indexedMatches(store, filter ?? {}, skip + limit, matcher(filter ?? {}));
    let docs = found?.docs ?? match(state, filter, sort ? Number.POSITIVE_INFINITY : skip + limit);
    // mingo's $sort and $project build new arrays and objects; they never mutate their input.
    if (sort && !found?.paged) {
      const sorted = fastSort(docs, sort);
      docs = sorted === UNKNOWN ? (new Aggregator([{ $sort: sort }]).run(docs) as Doc[]) : sorted;
    }
    if (!found?.paged && (skip > 0 || limit < docs.length)) docs = docs.slice(skip, skip + limit);
    const projection = options?.projection;
    if (projection && Object.keys(projection).length > 0) {
      const project = compileFastProjection(projection);
      const projected = project ? docs.map(project) : new Aggregator([{ $project: projection }]).run(docs);
      // Read only: the projected copies may share the stored documents' values.
      return (options?.readonly ? projected : projected.map(cloneDeep)) as Doc[];
    }
    return options?.readonly ? docs : docs.map(cloneDeep);
  }

  function makeCollection<T extends Doc>(name: string): Collection<T> {
    return {
      name,
      async find(filter, options) {
        return runFind(name, filter, options) as T[];
      },
      async findOne(filter, options) {
        const found = runFind(name, filter, { ...options, skip: 0, limit: 1 });
        return (found[0] as T | undefined) ?? null;
      },
      async countDocuments(filter) {
        const state = existing(name);
        const store = state && filter ? indexedStore(state) : null;
        return (store && indexedCount(store, filter!, matcher(filter!))) ?? match(state, filter).length;
      },
      async insertOne(document) {
        const tx = await writeGate();
        insert(name, document, tx);
      },
      async updateOne(filter, change, options) {
        const tx = await writeGate();
        return update(name, filter, change, false, options?.upsert ?? false, tx);
      },
      async updateMany(filter, change, options) {
        const tx = await writeGate();
        return update(name, filter, change, true, options?.upsert ?? false, tx);
      },
      async replaceOne(filter, replacement, options) {
        const tx = await writeGate();
        return replace(name, filter, replacement, options?.upsert ?? false, tx);
      },
      async deleteMany(filter) {
        const tx = await writeGate();
        return { deletedCount: remove(name, filter ?? {}, true, tx) };
      },
      async bulkWrite(operations: readonly BulkOperation<T>[]) {
        const tx = await writeGate();
        const result: BulkWriteResult = {
          insertedCount: 0,
          matchedCount: 0,
          modifiedCount: 0,
          upsertedCount: 0,
          deletedCount: 0,
        };
        // Ordered: the first failure stops the batch; what ran before it stays applied (as on MongoDB).
        for (const op of operations) {
          if ('insertOne' in op) {
            insert(name, op.insertOne.document, tx);
            result.insertedCount++;
          } else if ('updateOne' in op) {
            const { filter, update: change, upsert } = op.updateOne;
            addTo(result, update(name, filter, change, false, upsert ?? false, tx));
          } else if ('updateMany' in op) {
            const { filter, update: change, upsert } = op.updateMany;
            addTo(result, update(name, filter, change, true, upsert ?? false, tx));
          } else if ('replaceOne' in op) {
            const { filter, replacement, upsert } = op.replaceOne;
            addTo(result, replace(name, filter, replacement, upsert ?? false, tx));
          } else if ('deleteOne' in op) {
            result.deletedCount += remove(name, op.deleteOne.filter, false, tx);
          } else if ('deleteMany' in op) {
            result.deletedCount += remove(name, op.deleteMany.filter, true, tx);
          }
        }
        return result;
      },
      async aggregate<R>(pipeline: readonly AnyObject[]) {
        const aggregator = new Aggregator([...pipeline], { collectionResolver: snapshot });
        return aggregator.run(snapshot(name)) as R[];
      },
      async createIndex(spec) {
        const tx = await writeGate();
        const state = ensure(name, tx);
        const indexName = spec.name ?? defaultIndexName(spec.key);
        if (indexName === '_id_') return indexName;
        const same = state.indexes.find((i) => i.spec.name === indexName);
        if (same) {
          // As MongoDB answers (codes 85, 86): the same name with other keys or options is refused.
          if (!sameIndexSpec(same.spec, spec)) throw new IndexConflictError(name, indexName);
          return indexName;
        }
        const index: IndexState = {
          spec: { key: { ...spec.key }, name: indexName, ...(spec.unique ? { unique: true } : {}) },
          fields: Object.keys(spec.key),
          entries: spec.unique ? new Map() : null,
          sorted: null,
          stale: false,
        };
        if (Object.values(spec.key).every((d) => d === 1 || d === -1)) {
          index.stale = deferring.has(name);
          index.sorted = index.stale
            ? createSortedIndex(index.fields, state.docs)
            : buildSortedIndex(index.fields, state.docs);
        }
        if (index.entries) {
          for (const [key, doc] of state.docs) {
            const k = indexKey(index, doc);
            if (index.entries.has(k)) {
              throw new DuplicateKeyError(
                name,
                Object.fromEntries(index.fields.map((f) => [f, getPath(doc, f) ?? null])),
              );
            }
            index.entries.set(k, key);
          }
        }
        state.indexes.push(index);
        return indexName;
      },
      async dropIndex(indexName) {
        await writeGate();
        const state = existing(name);
        if (state) state.indexes = state.indexes.filter((i) => i.spec.name !== indexName);
      },
      async listIndexes() {
        const state = existing(name);
        if (!state) return [];
        return [{ key: { _id: 1 }, name: '_id_' }, ...state.indexes.map((i) => cloneDeep(i.spec))];
      },
    };
  }

  function assertNotInTransaction(operation: string): void {
    if (active && context.getStore() === active) {
      throw new Error(`${operation} is not supported inside withTransaction`);
    }
  }

  function rollback(tx: Tx): void {
    forget();
    for (const [state, undo] of tx.undo) {
      for (const [key, pre] of undo) {
        const current = state.docs.get(key);
        const previous = pre === ABSENT ? undefined : pre;
        reindex(state, key, current, previous);
        if (previous) state.docs.set(key, previous);
        else state.docs.delete(key);
      }
    }
    for (const [name, state] of tx.created) {
      if (collections.get(name) === state && state.docs.size === 0) collections.delete(name);
    }
  }

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let handle = handles.get(name);
      if (!handle) {
        handle = makeCollection(name);
        handles.set(name, handle);
      }
      return handle as unknown as Collection<T>;
    },
    async listCollections() {
      return [...collections.keys()].filter((name) => {
        const state = collections.get(name)!;
        return !(active && context.getStore() !== active && active.created.get(name) === state);
      });
    },
    async dropCollection(name) {
      assertNotInTransaction('dropCollection');
      await writeGate();
      collections.delete(name);
    },
    async renameCollection(from, to, options) {
      assertNotInTransaction('renameCollection');
      await writeGate();
      const source = collections.get(from);
      if (!source) throw new Error(`renameCollection: source namespace ${from} does not exist`);
      if (from === to) return;
      if (collections.has(to) && !options?.dropTarget) {
        throw new Error(`renameCollection: target namespace ${to} exists`);
      }
      collections.set(to, source);
      collections.delete(from);
    },
    async withTransaction<R>(work: () => Promise<R>): Promise<R> {
      if (active && context.getStore() === active) return work();
      while (active) await active.done;
      let release: () => void = () => {};
      const tx: Tx = {
        undo: new Map(),
        created: new Map(),
        done: new Promise<void>((resolve) => {
          release = resolve;
        }),
      };
      active = tx;
      try {
        return await context.run(tx, work);
      } catch (error) {
        rollback(tx);
        throw error;
      } finally {
        active = null;
        release();
      }
    },
    deferIndexes(names) {
      for (const name of names) {
        deferring.add(name);
        const state = collections.get(name);
        for (const index of state?.indexes ?? []) {
          if (!state || !index.sorted || index.stale) continue;
          index.stale = true;
          index.sorted = createSortedIndex(index.fields, state.docs);
        }
      }
      return () => {
        for (const name of names) {
          deferring.delete(name);
          const state = collections.get(name);
          for (const index of state?.indexes ?? []) if (state && index.sorted) fresh(state, index);
        }
      };
    },
    dump() {
      if (active) return null;
      return [...collections].map(([name, state]) => [name, [...state.docs.values()]]);
    },
    async close() {},
  };
}

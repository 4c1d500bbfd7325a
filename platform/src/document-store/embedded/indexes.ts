/**
 * The embedded store's indexes: unique ones (exact on every write, `put`) and sorted ones (what the
 * planner walks), which a collection may defer during a bulk load (`deferIndexes`): a deferred index is
 * stale, built in bulk when a reader first needs it.
 */

import { type Doc, DuplicateKeyError, IndexConflictError, type IndexSpec, sameIndexSpec } from '../port.ts';
import { type Collections, indexKey } from './collections.ts';
import { FilterCache } from './filter-cache.ts';
import { type CollState, cloneDeep, defaultIndexName, getPath, type IndexState, type Tx } from './helpers.ts';
import type { IndexedStore } from './planner.ts';
import { buildSortedIndex, createSortedIndex, type SortedIndex } from './sorted-index.ts';

export class Indexes {
  /** Collections whose sorted indexes are deferred, those not created yet included. */
  private readonly deferring = new Set<string>();

  constructor(private readonly collections: Collections) {}

  /** The collection's sorted indexes, when they show what this reader must see (no hidden writes). */
  indexedStore(state: CollState): IndexedStore<Doc> | null {
    if (this.collections.transactions.hiddenWrites(state)?.size) return null;
    const indexes = state.indexes.flatMap((i) => (i.sorted ? [fresh(state, i)] : []));
    if (indexes.length === 0) return null;
    state.filters ??= new FilterCache();
    return { docs: state.docs, indexes, filters: state.filters };
  }

  create(name: string, spec: IndexSpec, tx: Tx | null): string {
    const state = this.collections.ensure(name, tx);
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
      index.stale = this.deferring.has(name);
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
  }

  drop(name: string, indexName: string): void {
    const state = this.collections.existing(name);
    if (state) state.indexes = state.indexes.filter((i) => i.spec.name !== indexName);
  }

  list(name: string): IndexSpec[] {
    const state = this.collections.existing(name);
    if (!state) return [];
    return [{ key: { _id: 1 }, name: '_id_' }, ...state.indexes.map((i) => cloneDeep(i.spec))];
  }

  /** Leaves the collections' sorted indexes stale until the returned function is called. */
  defer(names: readonly string[]): () => void {
    for (const name of names) {
      this.deferring.add(name);
      const state = this.collections.existing(name);
      for (const index of state?.indexes ?? []) {
        if (!state || !index.sorted || index.stale) continue;
        index.stale = true;
        index.sorted = createSortedIndex(index.fields, state.docs);
      }
    }
    return () => {
      for (const name of names) {
        this.deferring.delete(name);
        const state = this.collections.existing(name);
        for (const index of state?.indexes ?? []) if (state && index.sorted) fresh(state, index);
      }
    };
  }
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

/**
 * The embedded store's reads: `_id` lookups, index plans (planner.ts), or a walk over the documents
 * this reader sees; then sort, page and projection. Copies are handed out, except to a `readonly`
 * find, which gets the stored versions themselves (README.md).
 */

import { Aggregator } from 'mingo';
import type { Doc, Filter, FindOptions } from '../port.ts';
import type { Collections } from './collections.ts';
import { matchesTopLevel, UNKNOWN } from './fast-filter.ts';
import { compileFastProjection, fastSort } from './fast-update.ts';
import {
  type AnyObject,
  type CollState,
  cloneDeep,
  docKey,
  idCandidates,
  isScalarId,
  matcher,
} from './helpers.ts';
import type { Indexes } from './indexes.ts';
import { indexedCount, indexedFind, indexedMatches } from './planner.ts';

export class Finds {
  constructor(
    private readonly collections: Collections,
    private readonly indexes: Indexes,
  ) {}

  /** Matching documents (store-owned references: never hand them out without cloning). */
  match(
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
        const doc = this.collections.readOne(state, key, live);
        if (doc && (!test || test(doc))) out.push(doc);
        if (out.length >= limit) break;
      }
      return out;
    }
    for (const doc of this.collections.readAll(state, live)) {
      if (!test || test(doc)) out.push(doc);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * The live document a filter `{_id: scalar, ...top-level conditions}` matches, or null: one map
   * lookup and no compiled predicate (the guarded update of every projection, per event). UNKNOWN for
   * other shapes, which `match` then handles.
   */
  matchById(state: CollState, filter: Filter): Doc | null | typeof UNKNOWN {
    const id = filter._id;
    if (!isScalarId(id)) return UNKNOWN;
    const doc = this.collections.readOne(state, docKey(id), true);
    if (!doc) return null;
    const verdict = matchesTopLevel(doc, filter);
    return verdict === UNKNOWN ? UNKNOWN : verdict ? doc : null;
  }

  find(name: string, filter: Filter | undefined, options: FindOptions | undefined): Doc[] {
    const sort = options?.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
    const skip = options?.skip ?? 0;
    const limit = options?.limit ? options.limit : Number.POSITIVE_INFINITY;
    const state = this.collections.existing(name);
    // An `_id` list is map lookups (match); other filters may have an index narrowing them.
    const store =
      state && (sort || (filter && idCandidates(filter) === null)) ? this.indexes.indexedStore(state) : null;
    const found = !store
      ? null
      : sort
        ? indexedFind(store, filter ?? {}, sort, { skip, limit }, matcher(filter ?? {}))
        : indexedMatches(store, filter ?? {}, skip + limit, matcher(filter ?? {}));
    let docs = found?.docs ?? this.match(state, filter, sort ? Number.POSITIVE_INFINITY : skip + limit);
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

  count(name: string, filter: Filter | undefined): number {
    const state = this.collections.existing(name);
    const store = state && filter ? this.indexes.indexedStore(state) : null;
    return (store && indexedCount(store, filter!, matcher(filter!))) ?? this.match(state, filter).length;
  }

  /** Copies of the documents this reader sees (what an aggregation pipeline runs over). */
  snapshot(name: string): AnyObject[] {
    const state = this.collections.existing(name);
    return state ? Array.from(this.collections.readAll(state), cloneDeep) : [];
  }
}

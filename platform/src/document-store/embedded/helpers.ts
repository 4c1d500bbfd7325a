/** The embedded document store's plain-data helpers: paths, ids, filters, update checks. */

import { Query } from 'mingo';
import type { BulkWriteResult, Doc, Filter, IndexSpec, Update, UpdateResult } from '../port.ts';
import type { DocTable } from './doc-table.ts';
import { compileFastFilter, UNKNOWN } from './fast-filter.ts';
import type { FilterCache } from './filter-cache.ts';
import type { SortedIndex } from './sorted-index.ts';

export type AnyObject = Record<string, unknown>;

export const ABSENT = Symbol('absent');
export type PreImage = Doc | typeof ABSENT;

export interface IndexState {
  spec: IndexSpec & { name: string };
  fields: string[];
  /** Unique indexes only: index key -> document key. */
  entries: Map<string, string> | null;
  /** Ascending and descending keys (not text): the sorted index the planner walks. */
  sorted: SortedIndex | null;
  /**
   * The sorted index is not kept up to date (its collection deferred its indexes, `deferIndexes`):
   * it is built in bulk before a reader uses it, and kept up to date from then on.
   */
  stale: boolean;
}

export interface CollState {
  /** Its documents, numbered (the numbers are its sorted indexes' entries). */
  docs: DocTable<Doc>;
  indexes: IndexState[];
  /** The documents recent filters match (made when a reader first plans over the sorted indexes). */
  filters?: FilterCache;
}

export interface Tx {
  undo: Map<CollState, Map<string, PreImage>>;
  created: Map<string, CollState>;
  done: Promise<void>;
}

/** Deep copy of plain data (objects, arrays, dates); other class instances go through structuredClone. */
export function cloneDeep<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneDeep) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof RegExp) return value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    const out: AnyObject = {};
    for (const key of Object.keys(value)) out[key] = cloneDeep((value as AnyObject)[key]);
    return out as T;
  }
  return structuredClone(value);
}

/**
 * Freezes a stored version and everything in it (README.md, "Checked under test"). A frozen object
 * met on the way is a part shared with an older version, frozen with it, so it is not walked again.
 * A Date's time is not frozen (it lives in an internal slot).
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as AnyObject)[key]);
  return value;
}

export function isPlainObject(value: unknown): value is AnyObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function isOperatorObject(value: unknown): value is AnyObject {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

export function isScalarId(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

export function docKey(id: unknown): string {
  return typeof id === 'string' ? id : `\u0000${JSON.stringify(id)}`;
}

export function getPath(doc: unknown, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as AnyObject)[part];
  }
  return current;
}

export function setPath(doc: AnyObject, path: string, value: unknown): void {
  const parts = path.split('.');
  let current: AnyObject = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    const next = current[part];
    if (!isPlainObject(next)) current[part] = {};
    current = current[part] as AnyObject;
  }
  current[parts[parts.length - 1]!] = value;
}

/** The `_id` values a filter pins down by equality, or null when the whole collection must be scanned. */
export function idCandidates(filter: Filter): unknown[] | null {
  if (!Object.hasOwn(filter, '_id')) return null;
  const id = filter._id;
  if (isScalarId(id)) return [id];
  if (isOperatorObject(id)) {
    const keys = Object.keys(id);
    if (keys.length === 1 && keys[0] === '$eq' && isScalarId(id.$eq)) return [id.$eq];
    if (keys.length === 1 && keys[0] === '$in' && Array.isArray(id.$in) && id.$in.every(isScalarId)) {
      return id.$in as unknown[];
    }
  }
  return null;
}

/** What MongoDB copies from a filter into an upserted document: its equality conditions. */
export function seedFromFilter(filter: Filter, out: AnyObject = {}): AnyObject {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value) if (isPlainObject(part)) seedFromFilter(part, out);
      continue;
    }
    if (key.startsWith('$') || value instanceof RegExp) continue;
    if (isOperatorObject(value)) {
      if (Object.hasOwn(value, '$eq')) setPath(out, key, cloneDeep(value.$eq));
      continue;
    }
    setPath(out, key, cloneDeep(value));
  }
  return out;
}

export function onlySetOnInsert(update: Update): boolean {
  if (Array.isArray(update)) return false;
  let only = false;
  for (const key in update) {
    if (key !== '$setOnInsert') return false;
    only = true;
  }
  return only;
}

export function assertOperatorUpdate(update: Update): void {
  if (Array.isArray(update)) return;
  let operators = 0;
  for (const key in update) {
    if (key.charCodeAt(0) !== 36 /* $ */) operators = -1;
    else if (operators >= 0) operators++;
  }
  if (operators <= 0) throw new Error('Update document requires atomic operators');
}

export function assertReplacement(replacement: AnyObject): void {
  if (Object.keys(replacement).some((k) => k.startsWith('$'))) {
    throw new Error('Replacement document must not contain atomic operators');
  }
}

export function defaultIndexName(key: IndexSpec['key']): string {
  return Object.entries(key)
    .map(([field, dir]) => `${field}_${dir}`)
    .join('_');
}

/** A predicate for a filter: the fast path where it can judge a document, mingo otherwise. */
export function matcher(filter: Filter): ((doc: AnyObject) => boolean) | null {
  if (Object.keys(filter).length === 0) return null;
  let query: Query | undefined;
  const slow = (doc: AnyObject) => {
    query ??= new Query(filter);
    return query.test(doc);
  };
  const fast = compileFastFilter(filter);
  if (!fast) return slow;
  return (doc) => {
    const verdict = fast(doc);
    return verdict === UNKNOWN ? slow(doc) : verdict;
  };
}

export function addTo(result: BulkWriteResult, r: UpdateResult): void {
  result.matchedCount += r.matchedCount;
  result.modifiedCount += r.modifiedCount;
  result.upsertedCount += r.upsertedCount;
}

export function isEmpty(value: AnyObject): boolean {
  for (const _ in value) return false;
  return true;
}

export function emptyResult(): UpdateResult {
  return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
}

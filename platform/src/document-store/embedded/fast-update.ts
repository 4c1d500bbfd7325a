/**
 * Fast paths of the embedded store for sorting, updating and projecting the shapes projections use
 * (`$set`/`$unset`/`$inc`/`$max`/`$min` on plain paths, scalar sort keys); UNKNOWN otherwise, and the
 * caller falls back to mingo.
 */
import { isEqual } from 'mingo/util';
import {
  type AnyObject,
  isFieldName,
  isPlainObject,
  isPlainPath,
  type Scalar,
  scalarAt,
  UNKNOWN,
} from './fast-filter.ts';

/** BSON order of the scalar types: missing and null, then numbers, then strings, then booleans. */
function typeRank(value: Scalar | undefined): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  return 3;
}

/**
 * Sorts documents whose sort keys are all scalars (missing counts as null) the way MongoDB does;
 * UNKNOWN when some key holds an array or object (mingo sorts those). Stable; never mutates.
 */
export function fastSort<T extends AnyObject>(
  docs: readonly T[],
  sort: Record<string, 1 | -1>,
): T[] | typeof UNKNOWN {
  const keys = Object.entries(sort).map(([path, direction]) => ({ parts: path.split('.'), direction, path }));
  if (!keys.every((k) => isPlainPath(k.path))) return UNKNOWN;
  const rows: { doc: T; values: (Scalar | undefined)[] }[] = [];
  for (const doc of docs) {
    const values: (Scalar | undefined)[] = [];
    for (const key of keys) {
      const value = scalarAt(doc, key.parts);
      if (value === UNKNOWN || (typeof value === 'number' && Number.isNaN(value))) return UNKNOWN;
      values.push(value);
    }
    rows.push({ doc, values });
  }
  rows.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const x = a.values[i];
      const y = b.values[i];
      const rx = typeRank(x);
      const ry = typeRank(y);
      let order = rx - ry;
      if (order === 0 && rx !== 0)
        order = (x as number | string) < (y as number | string) ? -1 : x === y ? 0 : 1;
      if (order !== 0) return order * (keys[i] as { direction: 1 | -1 }).direction;
    }
    return 0;
  });
  return rows.map((r) => r.doc);
}

const FAST_OPERATORS = new Set(['$set', '$unset', '$inc', '$max', '$min', '$push', '$addToSet']);
/** Operators on arrays: always through the general path below (flatUpdate knows only scalars' operators). */
const ARRAY_OPERATORS = new Set(['$push', '$addToSet']);

/**
 * The values a `$push` appends and the slice it keeps after, for the shapes projections use: one value,
 * or `{ $each: [...] }` with an optional negative `$slice`; UNKNOWN for its other modifiers ($position,
 * $sort) and slices, which mingo applies.
 */
function pushed(value: unknown): { each: readonly unknown[]; slice: number | null } | typeof UNKNOWN {
  if (!isPlainObject(value) || !Object.keys(value).some((k) => k.startsWith('$'))) {
    return { each: [value], slice: null };
  }
  const { $each, $slice, ...rest } = value as { $each?: unknown; $slice?: unknown };
  if (Object.keys(rest).length > 0 || !Array.isArray($each)) return UNKNOWN;
  // Only a negative $slice (keep the last n), the shape projections use; mingo keeps the rest.
  if ($slice !== undefined && !(Number.isInteger($slice) && ($slice as number) < 0)) return UNKNOWN;
  return { each: $each, slice: ($slice as number | undefined) ?? null };
}

/**
 * Applies a simple operator update to `doc` copy-on-write (the input is never mutated; untouched
 * sub-objects are shared with it). Returns the new document, null when nothing changed, or UNKNOWN
 * when the update needs mingo. `clone` copies values taken from the update.
 */
export function fastUpdate(
  doc: AnyObject,
  update: AnyObject,
  clone: <T>(value: T) => T,
  inPlace = false,
): AnyObject | null | typeof UNKNOWN {
  let nested = false;
  let operators = 0;
  for (const op in update) {
    const fields = update[op];
    if (!FAST_OPERATORS.has(op) || !isPlainObject(fields)) return UNKNOWN;
    operators++;
    for (const path in fields) {
      if (isFieldName(path)) {
        if (path === '_id') return UNKNOWN;
      } else if (!isPlainPath(path) || path.startsWith('_id.')) return UNKNOWN;
      else nested = true;
      const value = fields[path];
      if (ARRAY_OPERATORS.has(op)) nested = true;
      if (op === '$push' && pushed(value) === UNKNOWN) return UNKNOWN;
      // $addToSet's $each (several values at once) is left to mingo.
      if (op === '$addToSet' && isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$')))
        return UNKNOWN;
      if (op === '$inc' && typeof value !== 'number') return UNKNOWN;
      if ((op === '$max' || op === '$min') && typeof value !== 'number' && typeof value !== 'string') {
        return UNKNOWN;
      }
    }
  }
  if (!nested) {
    // The same field under two operators is a conflict MongoDB rejects: let mingo say so.
    if (operators > 1 && sharesAField(update)) return UNKNOWN;
    return flatUpdate(doc, update, clone, inPlace);
  }
  const paths: string[] = [];
  for (const op in update) for (const path in update[op] as AnyObject) paths.push(path);
  // Two operators on one path, or on a path and its prefix, is a conflict MongoDB rejects: let mingo say so.
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const path = sorted[i]!;
    if (path === prev || path.startsWith(`${prev}.`)) return UNKNOWN;
  }

  const root: AnyObject = { ...doc };
  const copied = new Set<AnyObject>([root]);
  let modified = false;

  /** The (copied) parent object of `path`, creating missing levels when `create`; UNKNOWN if blocked. */
  function parentOf(parts: readonly string[], create: boolean): AnyObject | null | typeof UNKNOWN {
    let current = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i]!;
      const next = current[part];
      if (next === undefined || next === null) {
        if (!create) return null;
        if (next === null) return UNKNOWN;
        const fresh: AnyObject = {};
        copied.add(fresh);
        current[part] = fresh;
        current = fresh;
        continue;
      }
      if (!isPlainObject(next)) return UNKNOWN;
      if (!copied.has(next)) {
        const copy = { ...next };
        copied.add(copy);
        current[part] = copy;
        current = copy;
      } else current = next;
    }
    return current;
  }

  for (const [op, fields] of Object.entries(update) as [string, AnyObject][]) {
    for (const [path, value] of Object.entries(fields)) {
      const parts = path.split('.');
      const key = parts[parts.length - 1]!;
      const parent = parentOf(parts, op !== '$unset');
      if (parent === UNKNOWN) return UNKNOWN;
      if (parent === null) continue;
      const old = parent[key];
      switch (op) {
        case '$set':
          if (old === undefined || !isEqual(old, value)) {
            parent[key] = clone(value);
            modified = true;
          }
          break;
        case '$unset':
          if (Object.hasOwn(parent, key)) {
            delete parent[key];
            modified = true;
          }
          break;
        case '$inc':
          if (old === undefined) parent[key] = value;
          else if (typeof old !== 'number') return UNKNOWN;
          else if (value === 0) break;
          else parent[key] = old + (value as number);
          modified = true;
          break;
        case '$max':
        case '$min': {
          if (old === undefined) {
            parent[key] = value;
            modified = true;
            break;
          }
          if (typeof old !== typeof value) return UNKNOWN;
          const wins =
            op === '$max' ? (value as number) > (old as number) : (value as number) < (old as number);
          if (wins) {
            parent[key] = value;
            modified = true;
          }
          break;
        }
        case '$push': {
          // Onto an array only: mingo creates a missing one without applying $slice (MongoDB applies it).
          if (!Array.isArray(old)) return UNKNOWN;
          const { each, slice } = pushed(value) as Exclude<ReturnType<typeof pushed>, typeof UNKNOWN>;
          const list = old as unknown[];
          const all = [...list, ...each.map((v) => clone(v))];
          const next = slice === null ? all : all.slice(slice);
          // A push of something is a change (as mingo counts it, even when a slice keeps the same
          // elements); a push of nothing is left to mingo.
          if (each.length === 0) return UNKNOWN;
          parent[key] = next;
          modified = true;
          break;
        }
        case '$addToSet': {
          // Scalars onto an array of distinct scalars (a projection's list of ids); mingo the rest (it
          // also folds the duplicates an array already holds, which MongoDB leaves).
          if (!isScalarValue(value) || (old !== undefined && !isScalarSet(old))) return UNKNOWN;
          const list = (old as unknown[] | undefined) ?? [];
          if (list.includes(value)) break;
          parent[key] = [...list, clone(value)];
          modified = true;
          break;
        }
      }
    }
  }
  return modified ? root : null;
}

const isScalarValue = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);
/** An array of scalars, none twice. */
const isScalarSet = (value: unknown): boolean =>
  Array.isArray(value) && value.every(isScalarValue) && new Set(value).size === value.length;

/** Whether two operators of an update name the same field. */
function sharesAField(update: AnyObject): boolean {
  const seen: AnyObject[] = [];
  for (const op in update) {
    const fields = update[op] as AnyObject;
    for (const other of seen) for (const key in fields) if (Object.hasOwn(other, key)) return true;
    seen.push(fields);
  }
  return false;
}

/**
 * fastUpdate for updates of top-level fields only (every projection's per-event update): one pass,
 * and the document is copied only once something changes. `inPlace`: the caller owns `doc` (no one
 * else can see it), so it is changed itself, and returned when something changed.
 */
function flatUpdate(
  doc: AnyObject,
  update: AnyObject,
  clone: <T>(value: T) => T,
  inPlace: boolean,
): AnyObject | null | typeof UNKNOWN {
  if (inPlace) {
    // Checked first: an update that would fail must leave the document as it was.
    for (const op in update) {
      if (op !== '$inc' && op !== '$max' && op !== '$min') continue;
      const fields = update[op] as AnyObject;
      for (const key in fields) {
        const old = doc[key];
        if (old === undefined) continue;
        if (op === '$inc' ? typeof old !== 'number' : typeof old !== typeof fields[key]) return UNKNOWN;
      }
    }
  }
  // The changed document: `doc` itself when changed in place, else its copy once something changes.
  let root: AnyObject | null = null;
  for (const op in update) {
    const fields = update[op] as AnyObject;
    for (const key in fields) {
      const value = fields[key];
      const old = (root ?? doc)[key];
      switch (op) {
        case '$set':
          if (old === undefined || (old !== value && !isEqual(old, value))) {
            root ??= inPlace ? doc : { ...doc };
            root[key] = clone(value);
          }
          break;
        case '$unset':
          if (Object.hasOwn(root ?? doc, key)) {
            root ??= inPlace ? doc : { ...doc };
            delete root[key];
          }
          break;
        case '$inc':
          if (old !== undefined && typeof old !== 'number') return UNKNOWN;
          if (old === undefined || value !== 0) {
            root ??= inPlace ? doc : { ...doc };
            root[key] = old === undefined ? value : old + (value as number);
          }
          break;
        case '$max':
        case '$min': {
          if (old !== undefined && typeof old !== typeof value) return UNKNOWN;
          const wins =
            old === undefined ||
            (op === '$max' ? (value as number) > (old as number) : (value as number) < (old as number));
          if (wins) {
            root ??= inPlace ? doc : { ...doc };
            root[key] = value;
          }
          break;
        }
      }
    }
  }
  return root;
}

/** find() projections of top-level fields only (`{a: 1, b: 1}` or `{a: 0}`); null otherwise. */
export function compileFastProjection(
  projection: Record<string, unknown>,
): ((doc: AnyObject) => AnyObject) | null {
  const entries = Object.entries(projection);
  if (
    entries.some(([path, flag]) => path.includes('.') || path.startsWith('$') || (flag !== 0 && flag !== 1))
  ) {
    return null;
  }
  const includeId = projection._id !== 0;
  const fields = entries.filter(([path]) => path !== '_id');
  if (fields.length === 0) {
    // `{_id: 1}` includes `_id` alone, as MongoDB and mingo answer it; `{_id: 0}` excludes it.
    if (includeId) return (doc) => (Object.hasOwn(doc, '_id') ? { _id: doc._id } : {});
    return ({ _id: _, ...rest }) => rest;
  }
  const inclusive = fields[0]![1] === 1;
  if (fields.some(([, flag]) => (flag === 1) !== inclusive)) return null;
  if (inclusive) {
    const keys = (includeId ? ['_id'] : []).concat(fields.map(([path]) => path));
    return (doc) => {
      const out: AnyObject = {};
      for (const key of keys) if (Object.hasOwn(doc, key)) out[key] = doc[key];
      return out;
    };
  }
  const excluded = new Set(fields.map(([path]) => path));
  if (!includeId) excluded.add('_id');
  return (doc) => {
    const out: AnyObject = {};
    for (const key of Object.keys(doc)) if (!excluded.has(key)) out[key] = doc[key];
    return out;
  };
}

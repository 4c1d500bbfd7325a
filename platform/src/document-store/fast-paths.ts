/**
 * Fast paths of the embedded store for the shapes projections use on every event: equality and range
 * filters on scalar fields, and `$set`/`$unset`/`$inc`/`$max`/`$min` on plain paths. Anything outside
 * those shapes (arrays on the path, positional operators, mixed types, dates, ...) answers UNKNOWN and
 * the caller falls back to mingo, which implements MongoDB's full semantics.
 */
import { isEqual } from 'mingo/util';

type AnyObject = Record<string, unknown>;

export const UNKNOWN = Symbol('unknown');
export type Verdict = boolean | typeof UNKNOWN;

function isPlainObject(value: unknown): value is AnyObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

type Scalar = string | number | boolean | null;

function isScalar(value: unknown): value is Scalar {
  return (
    value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
  );
}

/** A top-level field name: no dots, no operator, not an array index. */
function isFieldName(key: string): boolean {
  if (key.length === 0) return false;
  let digits = true;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === 46 /* . */ || c === 36 /* $ */) return false;
    if (c < 48 || c > 57) digits = false;
  }
  return !digits;
}

/** A path without array indexes or positional operators. */
function isPlainPath(path: string): boolean {
  if (path.length === 0 || path.includes('$')) return false;
  for (const part of path.split('.')) if (part.length === 0 || /^\d+$/.test(part)) return false;
  return true;
}

/** The scalar at `path`, undefined when missing, or UNKNOWN when an array or object is on the way. */
function scalarAt(doc: AnyObject, parts: readonly string[]): Scalar | undefined | typeof UNKNOWN {
  let current: unknown = doc;
  for (const part of parts) {
    if (current === undefined || current === null) return undefined;
    if (!isPlainObject(current)) return isScalar(current) ? undefined : UNKNOWN;
    current = current[part];
  }
  if (current === undefined || isScalar(current)) return current;
  return UNKNOWN;
}

type Test = (value: Scalar | undefined) => boolean;

function equals(operand: Scalar): Test {
  return operand === null ? (v) => v === null || v === undefined : (v) => v === operand;
}

function compare(op: string, operand: unknown): Test | null {
  if (typeof operand !== 'number' && typeof operand !== 'string') return null;
  if (Number.isNaN(operand)) return null;
  // MongoDB compares only within a type bracket: a string never matches a numeric range.
  const same = (v: Scalar | undefined): v is string | number => typeof v === typeof operand;
  switch (op) {
    case '$lt':
      return (v) => same(v) && v < operand;
    case '$lte':
      return (v) => same(v) && v <= operand;
    case '$gt':
      return (v) => same(v) && v > operand;
    case '$gte':
      return (v) => same(v) && v >= operand;
    default:
      return null;
  }
}

function operatorTest(op: string, operand: unknown): Test | null {
  switch (op) {
    case '$eq':
      return isScalar(operand) ? equals(operand) : null;
    case '$ne': {
      if (!isScalar(operand)) return null;
      const eq = equals(operand);
      return (v) => !eq(v);
    }
    case '$in':
    case '$nin': {
      if (!Array.isArray(operand) || !operand.every(isScalar)) return null;
      const tests = operand.map(equals);
      const any = (v: Scalar | undefined) => tests.some((t) => t(v));
      return op === '$in' ? any : (v) => !any(v);
    }
    case '$exists':
      if (typeof operand !== 'boolean') return null;
      return operand ? (v) => v !== undefined : (v) => v === undefined;
    default:
      return compare(op, operand);
  }
}

type Predicate = (doc: AnyObject) => Verdict;

/** `$and` / `$or` over sub-filters, each compiled on the fast path; null when one cannot be. */
function logical(op: string, operand: unknown): Predicate | null {
  if (op !== '$and' && op !== '$or') return null;
  if (!Array.isArray(operand) || operand.length === 0 || !operand.every(isPlainObject)) return null;
  const parts = operand.map((sub) => compileFastFilter(sub));
  if (parts.some((p) => p === null)) return null;
  const predicates = parts as Predicate[];
  if (op === '$and') {
    return (doc) => {
      let unknown = false;
      for (const p of predicates) {
        const v = p(doc);
        if (v === false) return false;
        if (v === UNKNOWN) unknown = true;
      }
      return unknown ? UNKNOWN : true;
    };
  }
  return (doc) => {
    let unknown = false;
    for (const p of predicates) {
      const v = p(doc);
      if (v === true) return true;
      if (v === UNKNOWN) unknown = true;
    }
    return unknown ? UNKNOWN : false;
  };
}

/**
 * Compiles the simple filter shapes (plain paths compared with scalars, and `$and`/`$or` of such
 * filters) to a predicate answering UNKNOWN for documents it cannot judge; null when the filter
 * itself is outside those shapes.
 */
export function compileFastFilter(filter: AnyObject): Predicate | null {
  const clauses: { parts: string[]; tests: Test[] }[] = [];
  const combined: Predicate[] = [];
  for (const [path, condition] of Object.entries(filter)) {
    if (path.startsWith('$')) {
      const predicate = logical(path, condition);
      if (!predicate) return null;
      combined.push(predicate);
      continue;
    }
    if (!isPlainPath(path)) return null;
    const tests: Test[] = [];
    if (isScalar(condition)) tests.push(equals(condition));
    else if (isPlainObject(condition)) {
      const ops = Object.entries(condition);
      if (ops.length === 0) return null;
      for (const [op, operand] of ops) {
        const test = op.startsWith('$') ? operatorTest(op, operand) : null;
        if (!test) return null;
        tests.push(test);
      }
    } else return null;
    clauses.push({ parts: path.split('.'), tests });
  }
  return (doc) => {
    for (const { parts, tests } of clauses) {
      const value = scalarAt(doc, parts);
      if (value === UNKNOWN) return UNKNOWN;
      for (const test of tests) if (!test(value)) return false;
    }
    let unknown = false;
    for (const predicate of combined) {
      const v = predicate(doc);
      if (v === false) return false;
      if (v === UNKNOWN) unknown = true;
    }
    return unknown ? UNKNOWN : true;
  };
}

/**
 * Judges a filter on top-level fields without compiling it: the shape of the guarded updates every
 * projection issues per event (`{_id: id, _position: {$lt: p}}`). Scalar equality and
 * `$eq`/`$ne`/`$lt`/`$lte`/`$gt`/`$gte`/`$exists` with scalar operands, the same rules as
 * `compileFastFilter`. UNKNOWN for any other shape (even after a false clause, so mingo still
 * rejects a malformed filter) or when a field asked about holds an array or object.
 */
export function matchesTopLevel(doc: AnyObject, filter: AnyObject): Verdict {
  let verdict: Verdict = true;
  for (const key in filter) {
    if (!isFieldName(key)) return UNKNOWN;
    const value = Object.hasOwn(doc, key) ? doc[key] : undefined;
    if (value !== undefined && !isScalar(value)) return UNKNOWN;
    const condition = filter[key];
    if (isScalar(condition)) {
      if (!(condition === null ? value === null || value === undefined : value === condition))
        verdict = false;
      continue;
    }
    if (!isPlainObject(condition)) return UNKNOWN;
    let operators = 0;
    for (const op in condition) {
      operators++;
      const operand = condition[op];
      let holds: boolean;
      switch (op) {
        case '$eq':
        case '$ne': {
          if (!isScalar(operand)) return UNKNOWN;
          const equal = operand === null ? value === null || value === undefined : value === operand;
          holds = op === '$eq' ? equal : !equal;
          break;
        }
        case '$lt':
        case '$lte':
        case '$gt':
        case '$gte': {
          if (typeof operand !== 'number' && typeof operand !== 'string') return UNKNOWN;
          if (Number.isNaN(operand)) return UNKNOWN;
          // MongoDB compares only within a type bracket: a string never matches a numeric range.
          if (typeof value !== typeof operand) holds = false;
          else {
            const v = value as number | string;
            holds =
              op === '$lt'
                ? v < operand
                : op === '$lte'
                  ? v <= operand
                  : op === '$gt'
                    ? v > operand
                    : v >= operand;
          }
          break;
        }
        case '$exists':
          if (typeof operand !== 'boolean') return UNKNOWN;
          holds = (value !== undefined) === operand;
          break;
        default:
          return UNKNOWN;
      }
      if (!holds) verdict = false;
    }
    if (operators === 0) return UNKNOWN;
  }
  return verdict;
}

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

const FAST_OPERATORS = new Set(['$set', '$unset', '$inc', '$max', '$min']);

/**
 * Applies a simple operator update to `doc` copy-on-write (the input is never mutated; untouched
 * sub-objects are shared with it). Returns the new document, null when nothing changed, or UNKNOWN
 * when the update needs mingo. `clone` copies values taken from the update.
 */
export function fastUpdate(
  doc: AnyObject,
  update: AnyObject,
  clone: <T>(value: T) => T,
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
      if (op === '$inc' && typeof value !== 'number') return UNKNOWN;
      if ((op === '$max' || op === '$min') && typeof value !== 'number' && typeof value !== 'string') {
        return UNKNOWN;
      }
    }
  }
  if (!nested) {
    // The same field under two operators is a conflict MongoDB rejects: let mingo say so.
    if (operators > 1 && sharesAField(update)) return UNKNOWN;
    return flatUpdate(doc, update, clone);
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
      }
    }
  }
  return modified ? root : null;
}

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
 * and the document is copied only once something changes.
 */
function flatUpdate(
  doc: AnyObject,
  update: AnyObject,
  clone: <T>(value: T) => T,
): AnyObject | null | typeof UNKNOWN {
  let root: AnyObject | null = null;
  for (const op in update) {
    const fields = update[op] as AnyObject;
    for (const key in fields) {
      const value = fields[key];
      const old = (root ?? doc)[key];
      switch (op) {
        case '$set':
          if (old === undefined || (old !== value && !isEqual(old, value))) {
            root ??= { ...doc };
            root[key] = clone(value);
          }
          break;
        case '$unset':
          if (Object.hasOwn(root ?? doc, key)) {
            root ??= { ...doc };
            delete root[key];
          }
          break;
        case '$inc':
          if (old !== undefined && typeof old !== 'number') return UNKNOWN;
          if (old === undefined || value !== 0) {
            root ??= { ...doc };
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
            root ??= { ...doc };
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
    return includeId ? (doc) => ({ ...doc }) : ({ _id: _, ...rest }) => rest;
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

export type AnyObject = Record<string, unknown>;

export const UNKNOWN = Symbol('unknown');
export type Verdict = boolean | typeof UNKNOWN;

export function isPlainObject(value: unknown): value is AnyObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export type Scalar = string | number | boolean | null;

function isScalar(value: unknown): value is Scalar {
  return (
    value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
  );
}

/** A top-level field name: no dots, no operator, not an array index. */
export function isFieldName(key: string): boolean {
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
export function isPlainPath(path: string): boolean {
  if (path.length === 0 || path.includes('$')) return false;
  for (const part of path.split('.')) if (part.length === 0 || /^\d+$/.test(part)) return false;
  return true;
}

/** The scalar at `path`, undefined when missing, or UNKNOWN when an array or object is on the way. */
export function scalarAt(doc: AnyObject, parts: readonly string[]): Scalar | undefined | typeof UNKNOWN {
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

/** Whether a value equals one of `list`'s scalars; null when the list holds something else. */
function membership(list: readonly unknown[]): Test | null {
  if (!list.every(isScalar)) return null;
  // Without null (which also matches a missing field) nor NaN, membership is one Set lookup.
  if (!list.some((o) => o === null || Number.isNaN(o))) {
    const set = new Set(list);
    return (v) => set.has(v as Scalar);
  }
  const tests = list.map(equals);
  return (v) => tests.some((t) => t(v));
}

const memos = new WeakMap<object, WeakMap<readonly unknown[], unknown>>();

/**
 * `compute(list)`, remembered for a frozen list (which can never change): a long `$in` list a caller
 * keeps and passes again (a search index's ids) is checked and turned into a Set once.
 */
export function memoOfFrozen<R>(list: readonly unknown[], compute: (list: readonly unknown[]) => R): R {
  if (!Object.isFrozen(list) || list.length < 32) return compute(list);
  let byList = memos.get(compute);
  if (!byList) {
    byList = new WeakMap();
    memos.set(compute, byList);
  }
  if (byList.has(list)) return byList.get(list) as R;
  const result = compute(list);
  byList.set(list, result);
  return result;
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
      if (!Array.isArray(operand)) return null;
      const any = memoOfFrozen(operand, membership);
      if (!any) return null;
      return op === '$in' ? any : (v) => !any(v);
    }
    case '$exists':
      if (typeof operand !== 'boolean') return null;
      return operand ? (v) => v !== undefined : (v) => v === undefined;
    default:
      return compare(op, operand);
  }
}

/**
 * `$regex` (with `$options` i, m, s) against a string value; never a number, null or missing value.
 * Null for patterns JavaScript cannot take as they are (mingo then judges, or rejects, them).
 */
function regexTest(pattern: unknown, options: unknown): Test | null {
  let re: RegExp;
  if (pattern instanceof RegExp) {
    if (options !== undefined || /[gy]/.test(pattern.flags)) return null;
    re = pattern;
  } else {
    if (typeof pattern !== 'string') return null;
    if (options !== undefined && (typeof options !== 'string' || !/^[ims]*$/.test(options))) return null;
    try {
      re = new RegExp(pattern, options ?? '');
    } catch {
      return null;
    }
  }
  return (v) => typeof v === 'string' && re.test(v);
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
        if (op === '$options' && Object.hasOwn(condition, '$regex')) continue;
        const test =
          op === '$regex'
            ? regexTest(operand, condition.$options)
            : op.startsWith('$')
              ? operatorTest(op, operand)
              : null;
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

/**
 * What a filter asks of each field, as the planner (planner.ts) reads it: equality (`v`,
 * `$eq`, `$in`) and ranges (`$gt`, `$gte`, `$lt`, `$lte`), through `$and` and one-clause `$or`;
 * `exact` when nothing else is asked (then an index that applies every constraint covers the filter).
 */

import { type AnyObject, isPlainObject, isPlainPath, memoOfFrozen, type Scalar } from './fast-filter.ts';
import { rankOf } from './sorted-index.ts';

export interface Edge {
  value: number | string;
  inclusive: boolean;
}
export interface Range {
  rank: number;
  low?: Edge;
  high?: Edge;
}
export interface FieldConstraint {
  eq: Scalar[] | null;
  range: Range | null;
  /** Every condition on the field is expressed by `eq` or `range`. */
  exact: boolean;
}
export interface Constraints {
  fields: Map<string, FieldConstraint>;
  /** Every clause of the filter is a field constraint. */
  exact: boolean;
}

const isKeyScalar = (v: unknown): v is Scalar =>
  v === null ||
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && !Number.isNaN(v));

function fieldConstraint(condition: unknown): FieldConstraint | null {
  if (isKeyScalar(condition)) return { eq: [condition], range: null, exact: true };
  if (!isPlainObject(condition)) return null;
  const ops = Object.keys(condition);
  if (ops.length === 0 || !ops.every((op) => op.startsWith('$'))) return null;
  const c: FieldConstraint = { eq: null, range: null, exact: true };
  for (const op of ops) {
    const operand = condition[op];
    if ((op === '$eq' && isKeyScalar(operand)) || (op === '$in' && isScalarList(operand))) {
      if (c.eq) c.exact = false;
      else c.eq = op === '$eq' ? [operand as Scalar] : (operand as Scalar[]);
      continue;
    }
    const bound = op === '$gt' || op === '$gte' || op === '$lt' || op === '$lte';
    if (!bound || !(typeof operand === 'string' || (typeof operand === 'number' && !Number.isNaN(operand)))) {
      c.exact = false;
      continue;
    }
    const rank = rankOf(operand);
    c.range ??= { rank };
    const side = op === '$gt' || op === '$gte' ? 'low' : 'high';
    if (c.range.rank !== rank || c.range[side]) c.exact = false;
    else c.range[side] = { value: operand, inclusive: op === '$gte' || op === '$lte' };
  }
  if (c.eq && c.range) {
    c.range = null;
    c.exact = false;
  }
  return c.eq || c.range ? c : null;
}

const allKeyScalars = (list: readonly unknown[]) => list.every(isKeyScalar);
const isScalarList = (v: unknown): v is Scalar[] => Array.isArray(v) && memoOfFrozen(v, allKeyScalars);

function collect(filter: AnyObject, out: Constraints): void {
  for (const key of Object.keys(filter)) {
    const condition = filter[key];
    if (
      key === '$and' &&
      Array.isArray(condition) &&
      condition.length > 0 &&
      condition.every(isPlainObject)
    ) {
      for (const part of condition) collect(part, out);
      continue;
    }
    if (key === '$or' && Array.isArray(condition) && condition.length === 1 && isPlainObject(condition[0])) {
      collect(condition[0], out);
      continue;
    }
    const c = key.startsWith('$') || !isPlainPath(key) ? null : fieldConstraint(condition);
    if (!c || out.fields.has(key)) {
      out.exact = false;
      continue;
    }
    if (!c.exact) out.exact = false;
    out.fields.set(key, c);
  }
}

export function constraintsOf(filter: AnyObject): Constraints {
  const out: Constraints = { fields: new Map(), exact: true };
  collect(filter, out);
  return out;
}

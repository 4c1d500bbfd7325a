/**
 * The answers' check, cheaper. fastify-type-provider-zod checks an answer with the output schema (zod
 * builds a stripped copy) and stringifies the copy: for a page of lots, two walks over some thousand
 * values and a copy of each. Here a schema made only of plain parts (objects that strip unknown keys,
 * arrays, strings, finite numbers, booleans, null, literals, enums, nullable, optional, unions of
 * those; no checks, formats, defaults or transforms) compiles once to a checker that walks the answer
 * without copying it and accepts it only when zod would accept it AND the copy would be the answer
 * itself: plain objects, holding no key their schema does not declare. Such an answer is written by
 * JSON.stringify as it is (the same JSON as zod's copy; keys in the answer's order, not the schema's).
 *
 * Zod stays the authority: a schema with any other part is never compiled, and an answer the checker
 * refuses (a value that does not fit, an undeclared key to strip, a class instance) goes through zod,
 * which strips and writes it, or throws the usual serialization error (a handler that answers other
 * than the contract declares fails).
 *
 * A frozen object is checked and written once per object schema: its JSON is kept (by the object's
 * identity, weakly) and written again wherever the same object is answered against that schema. So a
 * handler freezes only what stays as it is, nested values included (a lot's public view, made once
 * per version of the stored lot: projection-service's lots/view.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** Whether a value fits (and is its own stripped copy). */
type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: unknown[];
  format?: string;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isJsonScalar = (v: unknown) =>
  v === null ||
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v));

/** A plain object (JSON.stringify writes its own enumerable keys, nothing else: no toJSON of a class). */
function isPlain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function oneOf(values: unknown[]): Check | null {
  if (!values.every(isJsonScalar)) return null;
  const allowed = new Set(values);
  return (v) => allowed.has(v);
}

function objectCheck(shape: Record<string, z.ZodType>): Check | null {
  const keys = Object.keys(shape);
  const checks: Check[] = [];
  for (const key of keys) {
    const check = checkOf(shape[key] as z.ZodType);
    if (!check) return null;
    checks.push(check);
  }
  const declared = new Set(keys);
  // The declared values are read by name in generated code, as zod's own JIT reads them: each read
  // and each check then has a call site of its own (one shape), which V8 makes fast.
  const reads = keys
    .map(
      (key, i) =>
        `x = v[${JSON.stringify(key)}]; if (!c${i}(x)) return false; if (x !== undefined) read += 1;`,
    )
    .join('\n');
  const names = keys.map((_, i) => `c${i}`);
  let valuesFit: (v: Record<string, unknown>) => number | false;
  try {
    valuesFit = new Function(
      ...names,
      `return function (v) { let read = 0; let x;\n${reads}\nreturn read; };`,
    )(...checks);
  } catch {
    return null; // No code from strings here (--disallow-code-generation-from-strings): zod decides.
  }
  /** The JSON of frozen objects this schema accepted. */
  const frozen = new WeakMap<object, string>();
  return (v) => {
    const known = typeof v === 'object' && v !== null ? frozen.get(v) : undefined;
    if (known !== undefined) {
      kept?.set(v as object, known);
      return true;
    }
    if (!isPlain(v)) return false;
    // Every key JSON.stringify would write is declared...
    let written = 0;
    for (const key in v) {
      if (!declared.has(key)) return false;
      if (v[key] !== undefined) written += 1;
    }
    // ...and every declared value zod would read (own or not) fits, and is one of those keys.
    const read = valuesFit(v);
    if (read === false || read !== written) return false;
    if (kept && Object.isFrozen(v)) {
      const json = JSON.stringify(v);
      frozen.set(v, json);
      kept.set(v, json);
    }
    return true;
  };
}

/** While an answer is checked: the frozen objects in it whose JSON is known. */
let kept: Map<object, string> | null = null;

/**
 * Stands in for a kept object's JSON while the rest of the answer is written: a NUL character is
 * written as the escape \u0000, so the mark (a random id after it, made at start) can only come from
 * a string that holds the id, which nothing outside this module knows.
 */
const MARK = `\u0000${randomUUID()}:`;
const MARKED = new RegExp(`"\\\\u0000${MARK.slice(1)}(\\d+)"`, 'g');

/** The answer's JSON with each kept object's JSON in its place. */
function writeKept(value: unknown, json: Map<object, string>): string {
  const parts: string[] = [];
  const skeleton = JSON.stringify(value, (_key, v: unknown) => {
    const known = typeof v === 'object' && v !== null ? json.get(v) : undefined;
    if (known === undefined) return v;
    parts.push(known);
    return `${MARK}${parts.length - 1}`;
  });
  return skeleton.replace(MARKED, (_mark, i: string) => parts[Number(i)] as string);
}

const scalarTypes = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum']);
function isScalarSchema(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'nullable' || def.type === 'optional')
    return !!def.innerType && isScalarSchema(def.innerType);
  return scalarTypes.has(def.type);
}

/** The check of a schema, or null when it has a part this file does not check. */
function checkOf(schema: z.ZodType): Check | null {
  const def = defOf(schema);
  if (def.checks?.length || def.format || def.coerce) return null;
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    case 'literal':
      return oneOf(def.values ?? []);
    case 'enum':
      return oneOf((schema as unknown as { options: unknown[] }).options);
    case 'nullable': {
      const inner = def.innerType && checkOf(def.innerType);
      return inner ? (v) => v === null || inner(v) : null;
    }
    case 'optional': {
      const inner = def.innerType && checkOf(def.innerType);
      return inner ? (v) => v === undefined || inner(v) : null;
    }
    case 'array': {
      const element = def.element && checkOf(def.element);
      if (!element) return null;
      return (v) => {
        if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype) return false;
        for (let i = 0; i < v.length; i++) {
          // JSON writes a hole or an undefined element as null, zod keeps undefined: refuse both.
          const item: unknown = v[i];
          if (item === undefined || !element(item)) return false;
        }
        return true;
      };
    }
    case 'object':
      return def.catchall === undefined && def.shape ? objectCheck(def.shape) : null;
    case 'union': {
      // zod answers the first option that fits, stripping what it does not declare: with objects in
      // the options that may differ from the one the answer fits exactly. Options of scalars only.
      if (def.discriminator !== undefined || !def.options || !def.options.every(isScalarSchema)) return null;
      const options = def.options.map(checkOf);
      if (options.some((o) => !o)) return null;
      return (v) => (options as Check[]).some((option) => option(v));
    }
    default:
      return null;
  }
}

/** The JSON of `value` when it is its own zod copy (the same JSON as the copy's), else null: zod decides. */
export function compileOutputWriter(schema: z.ZodType): ((value: unknown) => string | null) | null {
  const check = (schema as { _zod?: { def?: unknown } } | null)?._zod?.def ? checkOf(schema) : null;
  if (!check) return null;
  return (value) => {
    const json = new Map<object, string>();
    kept = json;
    let fits: boolean;
    try {
      fits = check(value);
    } finally {
      kept = null;
    }
    if (!fits) return null;
    return json.size === 0 ? JSON.stringify(value) : writeKept(value, json);
  };
}

/** fastify's serializer compiler: the cheaper check where the schema allows, zod otherwise. */
export const outputSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const viaZod = serializerCompiler(route);
  const write = compileOutputWriter(route.schema);
  if (!write) return viaZod;
  return (data: unknown) => write(data) ?? viaZod(data);
};

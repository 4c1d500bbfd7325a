import { LotPage, successEnvelopeOf } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileOutputWriter } from './action-route-output.ts';

/** What fastify-type-provider-zod writes: zod's checked copy, stringified; null when zod refuses. */
const viaZod = (schema: z.ZodType, value: unknown) => {
  const result = z.safeEncode(schema, value);
  return result.success ? JSON.stringify(result.data) : null;
};

const Shape = z.object({
  id: z.string(),
  n: z.number(),
  flag: z.boolean(),
  zeroOne: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(['open', 'closed']),
  maybe: z.number().nullable(),
  note: z.string().optional(),
  list: z.array(z.object({ k: z.string(), v: z.number().nullable() })),
  nested: z.object({ a: z.string() }),
  either: z.union([z.string(), z.number().nullable()]),
});

const good = {
  id: 'a "quoted" \\ \u2028 id',
  n: -0.5,
  flag: false,
  zeroOne: 1,
  status: 'open',
  maybe: null,
  list: [
    { k: 'x', v: 3 },
    { k: 'y', v: null },
  ],
  nested: { a: 'b' },
  either: null,
};
const parsed = (text: string | null) => (text === null ? null : JSON.parse(text));

describe('the output check without a copy', () => {
  const write = compileOutputWriter(Shape)!;

  it('writes an answer that is its own checked copy as zod’s copy is written', () => {
    expect(parsed(write(good))).toEqual(parsed(viaZod(Shape, good)));
    const withNote = { ...good, note: 'kept', maybe: 4, either: 'text' };
    expect(parsed(write(withNote))).toEqual(parsed(viaZod(Shape, withNote)));
    const unset = { ...good, note: undefined, either: 7 };
    expect(parsed(write(unset))).toEqual(parsed(viaZod(Shape, unset)));
    expect(write(unset)).not.toContain('note');
  });

  it('leaves to zod an answer with a key to strip, anywhere, or an object that is not plain', () => {
    const strays = [
      { ...good, password_hash: 'secret' },
      { ...good, nested: { a: 'b', secret: 'x' } },
      { ...good, list: [{ k: 'x', v: 3, extra: 'x' }] },
      { ...good, nested: Object.assign(Object.create({ inherited: 1 }), { a: 'b' }) },
      {
        ...good,
        nested: new (class {
          a = 'b';
        })(),
      },
      { ...good, list: [undefined] },
    ];
    for (const value of strays) expect(write(value)).toBeNull();
    // zod strips the strays; nothing undeclared leaks either way.
    expect(viaZod(Shape, strays[0])).not.toContain('secret');
    expect(viaZod(Shape, strays[1])).not.toContain('secret');
  });

  it('refuses (and leaves to zod) every answer zod refuses', () => {
    const bad: unknown[] = [
      null,
      [],
      { ...good, id: 1 },
      { ...good, n: Number.NaN },
      { ...good, n: Number.POSITIVE_INFINITY },
      { ...good, n: '1' },
      { ...good, flag: 0 },
      { ...good, zeroOne: 2 },
      { ...good, status: 'sold' },
      { ...good, maybe: undefined },
      { ...good, note: null },
      { ...good, list: [{ k: 'x' }] },
      { ...good, list: {} },
      { ...good, nested: null },
      { ...good, either: { x: 1 } },
      { ...good, either: Number.NaN },
      { id: 'only' },
    ];
    for (const value of bad) {
      expect(viaZod(Shape, value)).toBeNull();
      expect(write(value)).toBeNull();
    }
  });

  it('writes a page of lots in its envelope as zod does', () => {
    const envelope = successEnvelopeOf(LotPage);
    const writer = compileOutputWriter(envelope);
    expect(writer).not.toBeNull();
    const answer = {
      status: 'success',
      data: { message: 'ok', responseType: 200, responseData: { records: [], totalRecords: 0 } },
    };
    expect(writer!(answer)).toBe(viaZod(envelope, answer));
  });

  it('writes a frozen object once and its kept JSON wherever it is answered again', () => {
    const Page = z.object({ records: z.array(Shape), total: z.number() });
    const writePage = compileOutputWriter(Page)!;
    const item = Object.freeze({ ...good, list: [...good.list], note: 'a \u0000 NUL and "quotes"' });
    const other = { ...good, id: 'not frozen' };
    const page = { records: [item, other, item], total: 3 };
    const first = writePage(page);
    expect(first).toBe(JSON.stringify(page));
    expect(writePage(page)).toBe(first);
    // The JSON is kept: a frozen object is taken to stay as it is, nested values included.
    (item.list as { k: string; v: number | null }[]).push({ k: 'changed', v: 1 });
    expect(writePage(page)).toBe(first);
    // Only a frozen object's JSON is kept.
    other.n = 2;
    expect(parsed(writePage(page)).records[1].n).toBe(2);
    // A string that looks like a mark is written as it is.
    const marked = { records: [item, { ...good, id: '\u0000:0', note: '"\\u0000:0"' }], total: 2 };
    expect(parsed(writePage(marked)).records[1]).toEqual(marked.records[1]);
    // Kept per schema: the same object against a schema it does not fit is refused.
    const Narrow = z.object({ records: z.array(z.object({ id: z.string() })), total: z.number() });
    expect(compileOutputWriter(Narrow)!({ records: [item], total: 1 })).toBeNull();
    // A frozen object that does not fit is never kept.
    const stray = Object.freeze({ ...good, secret: 'x' });
    expect(writePage({ records: [stray], total: 1 })).toBeNull();
    expect(writePage({ records: [stray], total: 1 })).toBeNull();
  });

  it('leaves to zod the schemas with checks, formats, transforms, defaults or other keys policies', () => {
    for (const schema of [
      z.string().min(1),
      z.email(),
      z.number().int(),
      z.strictObject({ a: z.string() }),
      z.looseObject({ a: z.string() }),
      z.string().transform((s) => s.length),
      z.string().default('x'),
      z.date(),
      z.unknown(),
      z.discriminatedUnion('t', [z.object({ t: z.literal('a') }), z.object({ t: z.literal('b') })]),
      z.object({ inner: z.array(z.string().max(3)) }),
      z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.string() })]),
    ]) {
      expect(compileOutputWriter(schema as z.ZodType)).toBeNull();
    }
  });
});

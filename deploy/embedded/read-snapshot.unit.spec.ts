import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readSnapshotFile, type SnapshotFile, writeSnapshotFile } from './read-snapshot.ts';

const dir = mkdtempSync(join(tmpdir(), 'read-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a read model holds: JSON values and dates, in documents of many shapes. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.integer(),
    // MessagePack has one zero: -0 is packed as the integer 0, which no read model tells apart.
    fc.double({ noNaN: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
    fc.boolean(),
    fc.constant(null),
    fc.date({ noInvalidDate: true }),
  ),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 4 }),
  ),
})).node;
const doc = fc
  .tuple(fc.string({ minLength: 1 }), fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), value))
  .map(([_id, fields]) => ({ ...fields, _id }));

describe('the read store snapshot file', () => {
  it('gives back every collection and document as written, whatever their shapes, across chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.string(), fc.array(doc, { maxLength: 30 })), { maxLength: 4 }),
        fc.integer({ min: 0, max: 4_500 }),
        async (collections, filler) => {
          // A large collection spans several chunks.
          const many = Array.from({ length: filler }, (_, i) => ({
            _id: `d${i}`,
            n: i,
            s: i % 7 ? 'x' : null,
          }));
          const saved: SnapshotFile = {
            format: 2,
            code: 'code',
            firstEvent: 'first',
            head: '00000000000000000042',
            contents: [...collections, ['many', many]],
          };
          const file = join(dir, 'snapshot');
          await writeSnapshotFile(file, saved);
          expect(readSnapshotFile(file)).toEqual(saved);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('decodes no document when the header does not fit', async () => {
    const file = join(dir, 'header');
    await writeSnapshotFile(file, {
      format: 2,
      code: 'old',
      firstEvent: 'first',
      head: '1',
      contents: [['lots', [{ _id: 'a' }]]],
    });
    const seen: string[] = [];
    expect(
      readSnapshotFile(file, (header) => {
        seen.push(header.code);
        return false;
      }),
    ).toBeNull();
    expect(seen).toEqual(['old']);
  });
});

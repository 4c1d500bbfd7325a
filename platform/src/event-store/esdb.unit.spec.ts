import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromEsdbPosition, toEsdbPosition } from './esdb.ts';

const position = fc.record({
  commit: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }),
  prepare: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }),
});

describe('EventStoreDB positions', () => {
  it('round-trip through the port’s string without losing bigint precision', () => {
    fc.assert(
      fc.property(position, (p) => {
        expect(toEsdbPosition(fromEsdbPosition(p))).toEqual(p);
      }),
    );
  });

  it('sort as strings in log order: by commit, then prepare', () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        const byLog =
          a.commit === b.commit
            ? Math.sign(Number(a.prepare - b.prepare))
            : Math.sign(Number(a.commit - b.commit));
        const [x, y] = [fromEsdbPosition(a), fromEsdbPosition(b)];
        expect(x === y ? 0 : x < y ? -1 : 1).toBe(byLog);
      }),
    );
  });

  it('refuses a position that is not one of its own', () => {
    expect(() => toEsdbPosition('00000000000000000042')).toThrow(/not an EventStoreDB position/);
  });
});

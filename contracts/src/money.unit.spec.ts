import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, MAX_BID_CENTS } from './money.ts';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatMoney', () => {
  it('writes whole cents with a dollar sign, thousands separators and two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(100)).toBe('$1.00');
    expect(formatMoney(123_456)).toBe('$1,234.56');
    expect(formatMoney(MAX_BID_CENTS)).toBe('$999,999.99');
    expect(formatMoney(-50)).toBe('-$0.50');
  });

  it('writes what the en-US currency formatter writes, for any amount of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(formatMoney(cents)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatDate, formatDateTime, formatMoney } from './format.ts';

describe('formatMoney', () => {
  it('writes cents as dollars with a thousands separator and two decimals', () => {
    expect(formatMoney(123_400)).toBe('$1,234.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(99_999_999)).toBe('$999,999.99');
  });
});

describe('dollarsToCents', () => {
  it('reads dollars as typed, with or without the sign, separators and cents, in whole cents', () => {
    expect(dollarsToCents('25000')).toBe(2_500_000);
    expect(dollarsToCents(' $25,000 ')).toBe(2_500_000);
    expect(dollarsToCents('1,234,567.8')).toBe(123_456_780);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('0.07')).toBe(7);
  });

  it('is null for anything that is not an amount of dollars and cents', () => {
    for (const text of ['', 'abc', '12.345', '-5', '1,00', '12,34.5', '$', '1e5', '99999999999999999999']) {
      expect(dollarsToCents(text), text).toBeNull();
    }
  });
});

describe('dates', () => {
  it('writes dates as MM-DD-YYYY and date-times as MM-DD-YYYY h:mm a', () => {
    const local = new Date(2030, 0, 5, 17, 7).toISOString();
    expect(formatDate(local)).toBe('01-05-2030');
    expect(formatDateTime(local)).toBe('01-05-2030 5:07 pm');
  });
});

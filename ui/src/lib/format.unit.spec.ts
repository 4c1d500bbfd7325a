import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format.ts';

describe('formatMoney', () => {
  it('writes cents as dollars with a thousands separator and two decimals', () => {
    expect(formatMoney(123_400)).toBe('$1,234.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(99_999_999)).toBe('$999,999.99');
  });
});

describe('dates', () => {
  it('writes dates as MM-DD-YYYY and date-times as MM-DD-YYYY h:mm a', () => {
    const local = new Date(2030, 0, 5, 17, 7).toISOString();
    expect(formatDate(local)).toBe('01-05-2030');
    expect(formatDateTime(local)).toBe('01-05-2030 5:07 pm');
  });
});

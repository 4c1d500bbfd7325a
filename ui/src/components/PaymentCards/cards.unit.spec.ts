import { describe, expect, it } from 'vitest';
import { brandName, expiryYears, formatExpiry } from './cards.ts';

describe('card labels', () => {
  it('shows the expiry as MM/YYYY and the brand as people say it', () => {
    expect(formatExpiry({ exp_month: 3, exp_year: 2031 })).toBe('03/2031');
    expect(brandName({ brand: 'amex' })).toBe('American Express');
  });

  it("offers expiry years from this year on, keeping a card's own past year", () => {
    const years = expiryYears(2030).map((y) => y.value);
    expect(years[0]).toBe('2030');
    expect(years.at(-1)).toBe('2050');
    expect(expiryYears(2030, 2027)[0]?.value).toBe('2027');
    expect(expiryYears(2030, 2032).filter((y) => y.value === '2032')).toHaveLength(1);
  });
});

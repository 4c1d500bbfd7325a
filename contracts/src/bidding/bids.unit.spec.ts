import { describe, expect, it } from 'vitest';
import { BidAmount } from './bids.ts';
import { bidMessages } from './messages.ts';

const messages = (value: unknown) => BidAmount.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('bid amount (seeds 000 §5 wsprice)', () => {
  it('takes whole cents as a number or as digits', () => {
    expect(BidAmount.parse(150_000)).toBe(150_000);
    expect(BidAmount.parse('150000')).toBe(150_000);
  });

  it.each([['0x0C'], [' 1500 '], ['1e5'], [true], [[1500]], ['1,500'], [Number.POSITIVE_INFINITY]])(
    'refuses %j as Numbers only!',
    (value) => {
      expect(messages(value)).toEqual([bidMessages.numbersOnly]);
    },
  );

  it('asks for whole cents and for an amount', () => {
    expect(messages(1500.5)).toEqual([bidMessages.wholeCents]);
    expect(messages('1500.5')).toEqual([bidMessages.wholeCents]);
    expect(messages('')).toEqual([bidMessages.selectAmount]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceAmounts } from '../money/amounts.ts';
import { affordableHammer, BidSheetSaveInput, committedOf, sheetCost } from './bid-sheet.ts';

/** Issue 37 §6: the bid sheet's money and its input, as both sides and the browser read them. */
describe('what a cap costs with the premium', () => {
  it('counts the premium as the auction invoice does, tax apart', () => {
    expect(sheetCost(45_555, 20)).toBe(45_555 + invoiceAmounts(45_555, 20, 0).premium);
    expect(sheetCost(10_001, 23.5)).toBe(10_001 + 2_350);
  });

  it('finds the largest hammer a budget pays with the premium, to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (budget, hundredths) => {
          const premium = hundredths / 100;
          const hammer = affordableHammer(budget, premium);
          expect(sheetCost(hammer, premium)).toBeLessThanOrEqual(budget);
          expect(sheetCost(hammer + 1, premium)).toBeGreaterThan(budget);
        },
      ),
      { numRuns: 3_000 },
    );
    expect(affordableHammer(-5, 20)).toBe(0);
  });

  it('commits placed caps and lots won, nothing for the rest', () => {
    const line = { cap: null, premium_percent: 20, amount: null, premium: null };
    expect(
      committedOf([
        { ...line, status: 'bidding', cap: 10_000 },
        { ...line, status: 'won', cap: 50_000, amount: 40_000, premium: 8_000 },
        { ...line, status: 'lost' },
        { ...line, status: 'waiting' },
        { ...line, status: 'skipped' },
      ]),
    ).toBe(12_000 + 48_000);
  });
});

describe('bidsheet/save’s input', () => {
  const lines = [
    { lot_id: 'l1', max: 10_000 },
    { lot_id: 'l2', max: 20_000 },
  ];
  const parse = (input: unknown) => BidSheetSaveInput.safeParse(input);

  it('takes whole positive cents, each lot once, groups of the sheet’s lots', () => {
    const ok = parse({ auction_id: 'a-1', limit: 500_000, lines, groups: [{ lot_ids: ['l1', 'l2'] }] });
    expect(ok.success).toBe(true);
    expect(parse({ auction_id: 'a-1', limit: 500_000, lines }).data?.groups).toEqual([]);
  });

  it('refuses amounts that are not whole positive cents, or above the ceilings', () => {
    for (const [limit, max] of [
      [0, 10_000],
      [-1, 10_000],
      [10.5, 10_000],
      [1_000_000_001, 10_000],
      [500_000, 0],
      [500_000, 0.5],
      [500_000, 100_000_000],
      ['500000', 10_000],
    ]) {
      expect(
        parse({ auction_id: 'a-1', limit, lines: [{ lot_id: 'l1', max }] }).success,
        `${limit} ${max}`,
      ).toBe(false);
    }
  });

  it('refuses a lot twice, a group of one, of a lot not on the sheet, a lot in two groups, and extra fields', () => {
    const base = { auction_id: 'a-1', limit: 500_000 };
    expect(parse({ ...base, lines: [...lines, { lot_id: 'l1', max: 30_000 }] }).success).toBe(false);
    expect(parse({ ...base, lines, groups: [{ lot_ids: ['l1'] }] }).success).toBe(false);
    expect(parse({ ...base, lines, groups: [{ lot_ids: ['l1', 'l3'] }] }).success).toBe(false);
    expect(
      parse({ ...base, lines, groups: [{ lot_ids: ['l1', 'l2'] }, { lot_ids: ['l2', 'l1'] }] }).success,
    ).toBe(false);
    expect(parse({ ...base, lines, bidder_id: 'bob' }).success).toBe(false);
    expect(parse({ ...base, lines: [] }).success).toBe(false);
    expect(
      parse({ ...base, lines: Array.from({ length: 201 }, (_, i) => ({ lot_id: `l${i}`, max: 100 })) })
        .success,
    ).toBe(false);
    expect(parse({ ...base, auction_id: 'a1~bob', lines }).success).toBe(false);
  });
});

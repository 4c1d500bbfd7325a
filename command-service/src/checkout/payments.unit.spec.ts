import { describe, expect, it } from 'vitest';
import { splitPayment } from './payments.ts';

describe('wallet first, the card for the rest', () => {
  it('spends the wallet on the invoices in order', () => {
    expect(splitPayment([5_000, 3_000], 6_000)).toEqual([
      { wallet: 5_000, card: 0 },
      { wallet: 1_000, card: 2_000 },
    ]);
  });
  it('puts everything on the card with an empty wallet, and nothing when the wallet covers it', () => {
    expect(splitPayment([5_000], 0)).toEqual([{ wallet: 0, card: 5_000 }]);
    expect(splitPayment([5_000], 9_000)).toEqual([{ wallet: 5_000, card: 0 }]);
  });
});

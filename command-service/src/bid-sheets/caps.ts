import { affordableHammer, type IncrementRule, incrementAt } from '@wine/contracts';

/** The increment table's row that holds `amount` (as `incrementAt` finds it), or null below every row. */
const rowAt = (table: readonly IncrementRule[], amount: number) =>
  table.find((r) => amount >= r.from_amount && (r.to_amount === null || amount <= r.to_amount)) ?? null;

/**
 * The highest bid of the increment table's ladder from `from` (the lot's next bid: from, then each
 * step the increment at the amount reached) that is at most `amount`; null when `amount` is below
 * `from`. A fixed row is crossed in one step (k increments at once), so a ladder of a million dollars
 * takes a few dozen turns, not ten thousand.
 */
export function ladderFloor(table: readonly IncrementRule[], from: number, amount: number): number | null {
  if (amount < from) return null;
  let at = from;
  for (;;) {
    const step = incrementAt(table, at);
    const row = rowAt(table, at);
    if (row && row.value_type === 'fixed') {
      const end = Math.min(row.to_amount ?? Number.POSITIVE_INFINITY, amount);
      const steps = Math.floor((end - at) / step);
      if (steps > 0) {
        at += steps * step;
        continue;
      }
    }
    if (at + step > amount) return at;
    at += step;
  }
}

/**
 * The cap the house may bid for a line with `budget` cents of the limit (with the premium): the
 * line's maximum when it fits whole; else the floor of budget ÷ (1 + premium), rounded down to a valid
 * bid of the increment table from the lot's next bid; null when even the next bid does not fit.
 */
export function capFor(
  line: { max: number },
  budget: number,
  premiumPercent: number,
  nextBid: number,
  increments: readonly IncrementRule[],
): number | null {
  const hammer = affordableHammer(budget, premiumPercent);
  if (hammer >= line.max) return line.max;
  return ladderFloor(increments, nextBid, hammer);
}

import type { LotView } from '@wine/contracts';
import { t } from '../../i18n/index.ts';

export interface DiscountRange {
  label: string;
  from: number;
  cents: number;
}

/**
 * seeds 000 §2.7: quantity-discount rows as ranges 'n - m' (up to the next row) or 'n & up' (the last).
 * Quantities below the first discount are sold at the unit buy-now price.
 */
export function discountRanges(
  rows: LotView['discount_buynow_records'],
  unitPrice: number | null = null,
): DiscountRange[] {
  if (!rows.length) return [];
  const sorted = [...rows].sort((a, b) => a.quantity - b.quantity);
  const first = sorted[0];
  const all =
    unitPrice !== null && first && first.quantity > 1
      ? [{ quantity: 1, bprice: unitPrice }, ...sorted]
      : sorted.map((r) => ({ quantity: r.quantity, bprice: r.bprice }));
  return all.map((row, i) => {
    const next = all[i + 1];
    const to = next ? next.quantity - 1 : null;
    const label =
      to === null
        ? t('ui.discounts.andUp', { from: row.quantity })
        : to === row.quantity
          ? `${row.quantity}`
          : t('ui.discounts.range', { from: row.quantity, to });
    return { label, from: row.quantity, cents: row.bprice };
  });
}

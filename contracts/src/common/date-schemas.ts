import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { DATE_MAX, DATE_MIN, dayWithin, isMonth } from './date-bounds.ts';

// The date rules as zod fields, apart from date-bounds.ts: the first load uses the rules, and a module
// building schemas at its top would bring zod into it (tests/first-paint.e2e.spec.ts, the budget).

/**
 * A day field: YYYY-MM-DD, a real day, within the bounds (1900-01-01 to 2100-01-01 unless narrowed),
 * refused with 'Enter a date from 1900-01-01 to 2100-01-01'.
 */
export function boundedDay(min: string = DATE_MIN, max: string = DATE_MAX) {
  return z
    .string()
    .trim()
    .refine(
      (value) => dayWithin(value, min, max),
      lazy(() => t('validation.dateRange', { min, max })),
    );
}

/** A month field: YYYY-MM (seeds 000 §9), refused with 'Enter a month such as 2026-11'. */
export const Month = z
  .string()
  .trim()
  .refine(
    isMonth,
    lazy(() => t('validation.monthFormat')),
  );

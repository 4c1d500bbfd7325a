import { MAX_REPORT_DAYS } from '@wine/contracts';
import { AppError } from '@wine/platform';
import type { ReportWindow } from './books.ts';

const DAY = 86_400_000;

/**
 * The window of a report from its input: [from 00:00, to 23:59:59.999] UTC, as of the instant asked
 * (now when none). A range that ends before it starts, or spans more than MAX_REPORT_DAYS, is
 * REPORT_RANGE; an instant after now is REPORT_AS_OF (the books of the future are not written yet).
 */
export function reportWindow(
  input: { from: string; to: string; asOf?: string | undefined },
  now: Date,
): ReportWindow {
  const start = Date.parse(`${input.from}T00:00:00.000Z`);
  const end = Date.parse(`${input.to}T23:59:59.999Z`);
  if (!(start <= end) || end - start > MAX_REPORT_DAYS * DAY) throw new AppError('REPORT_RANGE');
  const asOf = input.asOf === undefined ? now : new Date(input.asOf);
  if (Number.isNaN(asOf.getTime()) || asOf.getTime() > now.getTime()) throw new AppError('REPORT_AS_OF');
  return {
    from: input.from,
    to: input.to,
    fromAt: new Date(start).toISOString(),
    toAt: new Date(end).toISOString(),
    asOf: asOf.toISOString(),
  };
}

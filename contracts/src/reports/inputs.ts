import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { reportNames } from './columns.ts';

/** A calendar day, 'YYYY-MM-DD' (UTC): a report's range takes whole days. */
const Day = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
    lazy(() => t('reports.dayFormat')),
  )
  .refine(
    (day) => !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)),
    lazy(() => t('reports.dayFormat')),
  );

/** The books as they stood at an instant (ISO 8601); now when left out. */
const AsOf = z.iso.datetime(lazy(() => t('reports.asOfFormat'))).optional();

/** What every report takes: the range [from, to] in whole days, "as of" an instant, and one page. */
export const ReportInput = z.strictObject({
  from: Day,
  to: Day,
  asOf: AsOf,
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(500).default(50),
});
export type ReportInput = z.input<typeof ReportInput>;

/** seeds 001 §7 third_party/netsuite/export: one report of a range, as CSV. */
export const ReportExportInput = z.strictObject({
  report: z.enum(reportNames),
  from: Day,
  to: Day,
  asOf: AsOf,
});
export type ReportExportInput = z.input<typeof ReportExportInput>;

/** The longest range a report takes: ten years of days. */
export const MAX_REPORT_DAYS = 3_660;

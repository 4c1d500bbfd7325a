import { z } from 'zod';

/** One row of a report: its columns (reportColumns) by key; money in integer cents. */
export const ReportRecord = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type ReportRecord = z.infer<typeof ReportRecord>;

/** seeds 001 §3 "Reports": records, totalRecords, setDisp; with the totals of every record (cents). */
export const ReportPage = z.object({
  records: z.array(ReportRecord),
  totalRecords: z.number(),
  setDisp: z.string(),
  /** Sums over every record of the report (not only this page), by column key. */
  totals: z.record(z.string(), z.number()),
  from: z.string(),
  to: z.string(),
  /** The instant the books were taken at: the one asked, or the server's now. */
  asOf: z.string(),
});
export type ReportPage = z.infer<typeof ReportPage>;

/** seeds 001 §7 export and user/exportWatchlist: the CSV text (UTF-8) and its file name. */
export const CsvExport = z.object({ filename: z.string(), records: z.string() });
export type CsvExport = z.infer<typeof CsvExport>;

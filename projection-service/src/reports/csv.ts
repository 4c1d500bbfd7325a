import { type ReportColumn, type ReportName, type ReportRecord, reportColumns } from '@wine/contracts';
import { csvCast } from '@wine/platform';

/** Cents as dollars with two decimals ('-12.05'), in whole numbers so no cent is lost to floats. */
export function dollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The CSV header of a column: its key, money columns labelled in dollars (seeds 001 §9: CSV, UTF-8). */
export const csvHeader = (column: ReportColumn): string =>
  column.kind === 'money' ? `${column.key}_usd` : column.key;

/** One record as CSV cells, in the report's column order: money in dollars, the rest as it is. */
export function csvCells(report: ReportName, record: ReportRecord): string[] {
  return reportColumns[report].map((column) => {
    const value = record[column.key];
    if (value === null || value === undefined) return '';
    return column.kind === 'money' && typeof value === 'number' ? dollars(value) : String(value);
  });
}

/**
 * The options every report's CSV is written with: a BOM so spreadsheets read UTF-8, then the header
 * row; a text cell a spreadsheet would run as a formula (a buyer named `=HYPERLINK(…)`) starts with `'`.
 */
export const csvOptions = (report: ReportName) => ({
  bom: true,
  header: true,
  columns: reportColumns[report].map(csvHeader),
  cast: csvCast,
});

import type { ReportName } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import { computeReport, type Names, type ReportWindow } from './books.ts';
import { ledgerRowsOf } from './ledger.ts';

/**
 * A report computed straight from log events, with no read model: the ledger rows each event makes,
 * folded as the queries fold the ledger. The proof that the ledger equals the log is that both give
 * the same report.
 */
export function reportFromLog(
  report: ReportName,
  events: readonly RecordedEvent[],
  window: ReportWindow,
  names?: Names,
) {
  return computeReport(report, events.flatMap(ledgerRowsOf), window, names);
}

import {
  actions,
  ReportExportInput,
  type ReportName,
  type ReportRecord,
  reportCsvPath,
  reportFilename,
  reportNames,
} from '@wine/contracts';
import { registerAction } from '@wine/platform';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { QueryPlugin } from '../core/queries.ts';
import { setDisp } from '../wallets/queries.ts';
import { addToTotals, emptyTotals, type ReportWindow } from './books.ts';
import { csvCells, csvOptions } from './csv.ts';
import { reportRecords } from './source.ts';
import { watchlistCsv } from './watchlist-export.ts';
import { reportWindow } from './window.ts';

/** Every record of a report and its totals (the actions page them; the totals are over all of them). */
async function wholeReport(docs: Parameters<typeof reportRecords>[0], report: ReportName, w: ReportWindow) {
  const records: ReportRecord[] = [];
  const totals = emptyTotals(report);
  for await (const piece of reportRecords(docs, report, w)) {
    for (const record of piece) {
      addToTotals(report, totals, record);
      records.push(record);
    }
  }
  return { records, totals };
}

/**
 * The finance reports (seeds 001 §7 third_party/netsuite) over the ledger read model, for finance and
 * admins: a page of records with the totals of the whole report, the CSV as text (export), the same
 * CSV streamed for a download of any size, and a user's own watchlist as CSV.
 */
export const reportQueries: QueryPlugin = async (app, { docs, clock, auth }) => {
  for (const report of reportNames) {
    registerAction(app, actions[report], auth.authorize, async ({ from, to, asOf, page, limit }) => {
      const w = reportWindow({ from, to, asOf }, clock.now());
      const { records, totals } = await wholeReport(docs, report, w);
      const shown = records.slice((page - 1) * limit, page * limit);
      return {
        records: shown,
        totalRecords: records.length,
        setDisp: setDisp(page, limit, shown.length, records.length),
        totals,
        from,
        to,
        asOf: w.asOf,
      };
    });
  }

  // seeds 001 §7 export: filename and records (the CSV text), saved by the browser as a download.
  registerAction(app, actions.exportReport, auth.authorize, async ({ report, from, to, asOf }) => {
    const w = reportWindow({ from, to, asOf }, clock.now());
    const { records } = await wholeReport(docs, report, w);
    return {
      filename: reportFilename(report, from, to, w.asOf),
      records: stringifySync(
        records.map((r) => csvCells(report, r)),
        csvOptions(report),
      ),
    };
  });

  // The same CSV written as it is read, piece by piece from the ledger, to the answer: a big export
  // never holds more than a piece. Audience checked before the body is read, as every action's.
  app.post(
    reportCsvPath,
    {
      preParsing: async (request, _reply, payload) => {
        await auth.authorize(request, actions.exportReportCsv);
        return payload;
      },
    },
    async (request, reply) => {
      const input = ReportExportInput.parse(request.body ?? {});
      const w = reportWindow(input, clock.now());
      const csv = stringify(csvOptions(input.report));
      const write = async () => {
        for await (const piece of reportRecords(docs, input.report, w)) {
          for (const record of piece) {
            if (csv.destroyed) return;
            if (!csv.write(csvCells(input.report, record))) {
              // Wait for the reader; a download given up closes the stream, and the reading stops.
              await new Promise<void>((resolve) => {
                const done = () => {
                  csv.off('drain', done);
                  csv.off('close', done);
                  resolve();
                };
                csv.on('drain', done);
                csv.on('close', done);
              });
            }
          }
        }
        csv.end();
      };
      write().catch((error: unknown) => {
        request.log.error({ err: error }, 'report export failed');
        csv.destroy(error as Error);
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${reportFilename(input.report, input.from, input.to, w.asOf)}"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  // seeds 001 §7 user/exportWatchlist: the caller's own watchlist.
  registerAction(app, actions.exportWatchlist, auth.authorize, async (_input, { request }) =>
    watchlistCsv(docs, clock, auth.viewerOf(request) as string),
  );
};

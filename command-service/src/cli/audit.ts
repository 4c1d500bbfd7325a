/**
 * `npm run audit -- lot <id>` and `npm run audit -- invoice <id>`: the auditor's history of a lot or an
 * invoice from the configured log (DATA_DIR's SQLite file, or EVENTSTORE_URL), each event with who
 * acted and what changed, and the state as of an instant (DOMAIN.md "Audit"). A table by default;
 * `--json` or `--csv` prints the export instead; `--as-of <iso>` picks the instant.
 */
import { parseArgs } from 'node:util';
import { AppError, loadConfig, openEventStore } from '@wine/platform';
import { historyCsv, historyJson } from '../audit/history-export.ts';
import { fullHistory, historySources } from '../audit/history-read.ts';
import { historyTable } from '../audit/history-table.ts';

const usage = 'usage: npm run audit -- lot|invoice <id> [--as-of <iso instant>] [--json | --csv]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean' }, csv: { type: 'boolean' }, 'as-of': { type: 'string' } },
});
const [kind, id] = positionals;
const asOf = values['as-of'];
if ((kind !== 'lot' && kind !== 'invoice') || !id || (values.json && values.csv)) {
  console.error(usage);
  process.exit(2);
}
if (asOf !== undefined && Number.isNaN(Date.parse(asOf))) {
  console.error(`--as-of: not an instant: ${asOf}\n${usage}`);
  process.exit(2);
}

const store = openEventStore(loadConfig());
try {
  // Lots and invoices only: their folds need nothing of the deployment's settings.
  const sources = historySources({ evolve: (state) => state, initialState: () => null });
  const history = await fullHistory(
    store,
    sources,
    kind,
    id,
    asOf === undefined ? undefined : new Date(asOf).toISOString(),
  );
  if (values.json) process.stdout.write(`${historyJson(history, new Date())}\n`);
  // The CSV as a file would hold it, without the byte-order mark a terminal would show.
  else if (values.csv) process.stdout.write(historyCsv(history).replace(/^\uFEFF/, ''));
  else console.log(historyTable(history));
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`no ${kind} ${id} in the log (${error.code})`);
  process.exitCode = 1;
} finally {
  await store.close();
}

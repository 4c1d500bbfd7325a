/**
 * Issue 33: a spreadsheet import of 10,000 rows on the embedded product over HTTP: the upload (read
 * with exceljs, rows stored as the import's events), the preview (every row planned) and the apply
 * (a lot listed per row, each its own append). Beside them in the same run: exceljs reading the same
 * file in this process, planImport over the same rows with no HTTP, and raw SQLite appends (one per
 * row, the least an apply writes). Memory: the server's RSS growth during the apply, sampled.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { actions, type OutputOf, planImport, suggestMapping } from '@wine/contracts';
import ExcelJS from 'exceljs';
import { startMarketplace } from '../support/marketplace.ts';
import { fmt, ratio, rawAppendRate, row } from './table.ts';

const HEADERS = [
  'Lot',
  'Title',
  'Producer',
  'Vintage',
  'Country',
  'Region',
  'Colour',
  'Qty',
  'Opening bid',
  'Low',
  'High',
  'Fill',
];

async function sheetOf(rows: number): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Lots');
  sheet.addRow(HEADERS);
  for (let i = 1; i <= rows; i++) {
    const vintage = 1970 + (i % 50);
    sheet.addRow([
      String(i),
      `${vintage} Bench Estate ${i}`,
      'Bench Estate',
      vintage,
      'France',
      'Bordeaux',
      'Red',
      1 + (i % 12),
      100 + (i % 900),
      120 + (i % 900),
      200 + (i % 900),
      'in',
    ]);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

export async function importsBench(dir: string, rows = Number(process.env.IMPORT_BENCH_ROWS ?? 10_000)) {
  const bytes = await sheetOf(rows);
  // The floors: reading the file, planning its rows, appending one event per row.
  let t = performance.now();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const cells: string[][] = [];
  book.worksheets[0]?.eachRow((r, n) => {
    if (n > 1) cells.push((r.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  const readRate = rows / ((performance.now() - t) / 1000);
  const closesAt = new Date(Date.now() + 10 * 24 * 3600_000).toISOString();
  const mapping = suggestMapping(HEADERS);
  t = performance.now();
  planImport(cells, mapping, { closesAt }, new Map());
  const planRate = rows / ((performance.now() - t) / 1000);
  const appendRate = rawAppendRate(join(dir, 'import-raw.sqlite'), rows);

  const market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  try {
    const admin = await market.staff('admin');
    const form = new FormData();
    form.append('file_name', 'bench.xlsx');
    form.append('file_upload', new Blob([bytes]), 'bench.xlsx');
    t = performance.now();
    const uploaded = await fetch(`${market.url}${actions.uploadXLSXFile.path}`, {
      method: 'POST',
      headers: { authorization: admin.auth.authorization },
      body: form,
    });
    const summary = ((await uploaded.json()) as { data: { responseData: OutputOf<'uploadXLSXFile'> } }).data
      .responseData;
    const uploadRate = rows / ((performance.now() - t) / 1000);
    await market.caughtUp();
    const plan = { importId: summary.importId, mapping: summary.mapping, closesAt };
    t = performance.now();
    const preview = await market.ok<OutputOf<'importPreview'>>(actions.importPreview.path, plan, admin.auth);
    const previewRate = rows / ((performance.now() - t) / 1000);
    if (preview.counts.create !== rows) throw new Error(`preview: ${JSON.stringify(preview.counts)}`);
    const rss0 = process.memoryUsage().rss;
    let rssPeak = rss0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    t = performance.now();
    const applied = await market.ok<OutputOf<'importApply'>>(
      actions.importApply.path,
      { ...plan, targets: preview.targets },
      admin.auth,
    );
    const applyRate = rows / ((performance.now() - t) / 1000);
    clearInterval(sampler);
    if (applied.counts.create !== rows) throw new Error(`apply: ${JSON.stringify(applied.counts)}`);
    const mb = (rssPeak - rss0) / 1024 / 1024;
    row(
      `Import upload over HTTP, ${fmt(rows)}-row XLSX (rows/s)`,
      fmt(uploadRate),
      `${fmt(readRate)} (exceljs reading the same file)`,
      ratio(uploadRate, readRate),
    );
    row(
      `Import preview over HTTP, ${fmt(rows)} rows planned (rows/s)`,
      fmt(previewRate),
      `${fmt(planRate)} (planImport in-process)`,
      ratio(previewRate, planRate),
    );
    row(
      `Import apply over HTTP, ${fmt(rows)} lots listed (rows/s; server RSS growth)`,
      `${fmt(applyRate)}; +${fmt(mb)} MB`,
      `${fmt(appendRate)} (raw SQLite append txns)`,
      ratio(applyRate, appendRate),
    );
  } finally {
    await market.stop();
  }
}

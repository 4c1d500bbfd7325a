/**
 * Issue 12: a CSV export of 100,000 invoice rows, streamed, grows memory by at most 50 MB. Measured
 * on the embedded product over HTTP (the finance report getCustomerOrders, each invoice issued and
 * paid), beside in the same run: the same report's CSV built whole in memory (the `export` action,
 * csv-stringify's sync API) and reading the same ledger rows from the read store with no CSV at all.
 */

import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { actions, reportCsvPath } from '@wine/contracts';
import { padPosition as pad } from '@wine/event-schemas';
import type { BulkOperation } from '@wine/platform';
import { recordedEvent } from '@wine/platform/testing';
import { LEDGER, ledgerProjection } from '@wine/projection-service';
import { startMarketplace } from '../support/marketplace.ts';
import { fmt, progress, progressDone, row } from './table.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;
/** Positions after anything the product wrote at start. */
const FIRST = 10_000_000;

/**
 * The heap outside the young generation: what survived a scavenge, and large objects. The young
 * generation's garbage (up to its 2 × 128 MB semi-spaces, `npm start`'s setting) is not memory an
 * export holds, and counting it measured the semi-space size, not the export.
 */
const held = () =>
  getHeapSpaceStatistics().reduce(
    (sum, s) => (s.space_name === 'new_space' ? sum : sum + s.space_used_size),
    0,
  );

/** Peak held heap and RSS above the level before `work`, sampled every 20 ms while it runs. */
async function growth<T>(
  work: () => Promise<T>,
): Promise<{ result: T; heap: number; rss: number; seconds: number }> {
  gc();
  const baseHeld = held();
  const baseRss = process.memoryUsage().rss;
  let heap = 0;
  let rss = 0;
  const sample = () => {
    heap = Math.max(heap, held() - baseHeld);
    rss = Math.max(rss, process.memoryUsage().rss - baseRss);
  };
  const timer = setInterval(sample, 20);
  const t = performance.now();
  const result = await work();
  const seconds = (performance.now() - t) / 1000;
  sample();
  clearInterval(timer);
  return { result, heap: heap / MB, rss: rss / MB, seconds };
}

export async function csvExport(invoices = Number(process.env.CSV_BENCH_INVOICES ?? 100_000)) {
  const market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  try {
    const finance = await market.staff('finance');
    // The ledger of `invoices` invoices, each issued and paid, written into the running read store.
    const ledger = market.docs.collection(LEDGER);
    const start = Date.parse('2026-01-05T10:00:00.000Z');
    for (let i = 0; i < invoices; i += 1_000) {
      const ops: BulkOperation[] = [];
      for (let j = i; j < Math.min(invoices, i + 1_000); j++) {
        const occurredAt = new Date(start + j * 60_000).toISOString();
        const stream = `invoice-bench-${j}`;
        const issued = recordedEvent(
          {
            type: 'InvoiceIssued',
            streamName: stream,
            position: pad(FIRST + 2 * j),
            data: {
              invoiceId: `bench-${j}`,
              kind: 'auction',
              buyerId: finance.id,
              lines: [
                {
                  lotId: `lot-${j}`,
                  title: `Lot ${j}`,
                  sellerId: 'house',
                  qty: 1,
                  unitPrice: 10_000 + j,
                  amount: 10_000 + j,
                  reservationId: null,
                },
              ],
              amounts: {
                subtotal: 10_000 + j,
                premiumPercent: 20,
                premium: 2_000,
                tax: 1_230,
                total: 13_230 + j,
              },
              delivery: {
                method: 'pickup',
                address: null,
                billingAddress: null,
                taxState: 'IL',
                taxRate: 1025,
              },
              dueAt: occurredAt,
            },
          },
          { occurredAt },
        );
        const paid = recordedEvent(
          {
            type: 'PaymentRecorded',
            streamName: stream,
            position: pad(FIRST + 2 * j + 1),
            data: { paymentId: `p-${j}`, method: 'card', amount: 13_230 + j, reference: `ch_${j}` },
          },
          { occurredAt },
        );
        for (const e of [issued, paid]) for (const op of ledgerProjection.project(e)) ops.push(op.operation);
      }
      await ledger.bulkWrite(ops);
      progress(`csv-export: ledger ${fmt(Math.min(invoices, i + 1_000))} invoices`);
    }
    progressDone();
    const body = JSON.stringify({ report: 'getCustomerOrders', from: '2026-01-01', to: '2026-12-31' });
    const headers = { ...finance.auth, 'content-type': 'application/json' };

    // The product: the streamed download, read chunk by chunk and counted, never kept.
    const streamed = await growth(async () => {
      const response = await fetch(`${market.url}${reportCsvPath}`, { method: 'POST', headers, body });
      if (!response.ok || !response.body) throw new Error(`export ${response.status}`);
      let lines = 0;
      for await (const chunk of response.body)
        for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1;
      return lines - 1;
    });
    if (streamed.result !== invoices)
      throw new Error(`streamed ${streamed.result} rows, expected ${invoices}`);

    // Beside it: the whole CSV built in memory (the export action), then the rows read with no CSV.
    const whole = await growth(async () => {
      const envelope = (await (
        await fetch(`${market.url}${actions.exportReport.path}`, { method: 'POST', headers, body })
      ).json()) as { data: { responseData: { records: string } } };
      return envelope.data.responseData.records.length;
    });
    const read = await growth(async () => {
      let n = 0;
      let after = '';
      for (;;) {
        const rows = await ledger.find(
          { kind: 'invoice', _id: { $gt: after } },
          { sort: { _id: 1 }, limit: 500, readonly: true },
        );
        n += rows.length;
        if (rows.length < 500) return n;
        after = rows.at(-1)?._id as string;
      }
    });
    const rate = (m: { seconds: number }) => invoices / m.seconds;
    row(
      `CSV export, ${fmt(invoices)} invoices, streamed over HTTP (rows/s; growth of the heap outside the young generation / RSS, target ≤ 50 MB)`,
      `${fmt(rate(streamed))} rows/s; ${fmt(streamed.heap, 1)} / ${fmt(streamed.rss, 1)} MB`,
      `built whole in memory: ${fmt(rate(whole))} rows/s, ${fmt(whole.heap, 1)} / ${fmt(whole.rss, 1)} MB; ledger read with no CSV: ${fmt(rate(read))} rows/s, ${fmt(read.heap, 1)} / ${fmt(read.rss, 1)} MB`,
      `${fmt((rate(streamed) / rate(read)) * 100, 1)}% of the read rate`,
    );
  } finally {
    await market.stop();
  }
}

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventStore, marketUpcaster, openSqliteEventStore } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBidLog } from './bench/bid-log.ts';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

let market: TestMarketplace | undefined;
afterEach(async () => {
  await market?.stop();
  market = undefined;
});

/** Lots closed sold to a winner, and the invoices issued, in the log. */
async function countsIn(store: EventStore) {
  const events = await store.readAll();
  const sold = events.filter(
    (e) => e.type === 'LotClosed' && (e.data as { winnerId: string | null }).winnerId !== null,
  ).length;
  return { sold, invoiced: events.filter((e) => e.type === 'InvoiceIssued').length };
}

async function countsInFile(dataDir: string) {
  const store = openSqliteEventStore(join(dataDir, 'events.sqlite'), { upcast: marketUpcaster });
  try {
    return await countsIn(store);
  } finally {
    await store.close();
  }
}

describe('issuing the invoices of lots sold while invoicing was down', () => {
  it('stops without working through the backlog, and issues the rest at the next start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wine-invoicing-'));
    // Lots listed, bid on and closed sold, with no invoice yet.
    await writeBidLog(join(dataDir, 'events.sqlite'), 30_000, 3_000);
    const { sold } = await countsInFile(dataDir);
    expect(sold).toBeGreaterThan(2_000);

    market = await startMarketplace({ dataDir, seed: false });
    const before = (await countsIn(market.eventStore)).invoiced;
    expect(before).toBeLessThan(sold);
    await market.stop({ keepData: true });
    market = undefined;
    // The stop waited only for the invoices being issued at that moment (16 workers), not for
    // the whole backlog.
    const atStop = (await countsInFile(dataDir)).invoiced;
    expect(atStop).toBeLessThan(sold);
    expect(atStop - before).toBeLessThanOrEqual(32);

    market = await startMarketplace({ dataDir, seed: false });
    // Each read counts the whole log: once a second, so the reads do not slow the issuing they wait for.
    const { invoiced } = await eventually(
      () => countsIn((market as TestMarketplace).eventStore),
      (counts) => counts.invoiced >= sold,
      // A wait, not a speed budget (the benchmarks hold those): a loaded two-core run took 177 s.
      'every sold lot invoiced',
      300_000,
      1_000,
    );
    expect(invoiced).toBe(sold);
  }, 420_000);
});

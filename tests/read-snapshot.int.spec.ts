import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { demoCatalogue } from '@wine/command-service';
import type { LotDocument } from '@wine/contracts';
import { READ_SNAPSHOT_FILE, readSnapshotFile, writeSnapshotFile } from '@wine/deploy/embedded';
import { loadConfig, openEventStore } from '@wine/platform';
import { newEvent } from '@wine/platform/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

/** issue 12 "Support": a restart of the embedded default loads its read store and catches up. */
let market: TestMarketplace | undefined;
afterEach(async () => {
  await market?.stop();
  market = undefined;
});

const snapshotFile = (dataDir: string) => join(dataDir, READ_SNAPSHOT_FILE);

type Saved = NonNullable<ReturnType<typeof readSnapshotFile>>;
function readSaved(dataDir: string): Saved {
  const saved = readSnapshotFile(snapshotFile(dataDir));
  if (!saved) throw new Error('no snapshot saved');
  return saved;
}
const writeSaved = (dataDir: string, saved: Saved) => writeSnapshotFile(snapshotFile(dataDir), saved);

/** Lists one demo lot straight into the log while the product is stopped. */
async function listWhileStopped(dataDir: string, lotId: string) {
  const store = openEventStore(loadConfig({ DATA_DIR: dataDir }));
  const [demo] = demoCatalogue(new Date(), 1);
  if (!demo) throw new Error('no demo lot');
  const { lot } = demo;
  await store.append(
    `lot-${lotId}`,
    [{ ...newEvent(1), type: 'LotListed', version: 2, data: { ...lot, lotId } }],
    'no_stream',
  );
  await store.close();
}

const lotsOf = async (m: TestMarketplace) =>
  (await m.docs.collection<LotDocument>('lots').find({}, { sort: { _id: 1 } })).map(
    ({ _id, title, market_status }) => ({ _id, title, market_status }),
  );

describe('the embedded read store across a restart', () => {
  it('is saved when the product stops, loaded at start, and caught up with what the log gained meanwhile', async () => {
    market = await startMarketplace();
    await market.caughtUp();
    const before = await lotsOf(market);
    expect(before.length).toBeGreaterThan(0);
    const { dataDir } = market;
    await market.stop({ keepData: true });

    // A collection no projector writes proves the documents came from the file, not from a replay.
    const saved = readSaved(dataDir);
    await writeSaved(dataDir, {
      ...saved,
      contents: [...saved.contents, ['marker', [{ _id: 'from-the-file' }]]],
    });
    await listWhileStopped(dataDir, 'listed-while-stopped');

    market = await startMarketplace({ dataDir });
    expect(await market.docs.collection('marker').findOne({ _id: 'from-the-file' })).not.toBeNull();
    const after = await lotsOf(market);
    expect(after.filter((lot) => lot._id !== 'listed-while-stopped')).toEqual(before);
    expect(after.map((lot) => lot._id)).toContain('listed-while-stopped');
    // The indexes are built again over the loaded documents: the browse query still answers.
    const page = await market.ok<{ totalRecords: number }>('/api/product/search', {});
    expect(page.totalRecords).toBe(after.length);
  });

  it('is not used when the read side’s code changed, the log is another one, the file is cut short or of the earlier format: the log is replayed', async () => {
    market = await startMarketplace();
    await market.caughtUp();
    const before = await lotsOf(market);
    const { dataDir } = market;
    const file = snapshotFile(dataDir);
    // Each spoils the file the stop before it saved, with a marker the replay would not have.
    const spoilers: ((saved: Saved, marked: Saved['contents']) => Promise<void>)[] = [
      (saved, contents) => writeSaved(dataDir, { ...saved, code: 'an older read side', contents }),
      (saved, contents) => writeSaved(dataDir, { ...saved, firstEvent: 'another log', contents }),
      async (saved, contents) => {
        await writeSaved(dataDir, { ...saved, contents });
        truncateSync(file, readFileSync(file).length - 3);
        expect(readSnapshotFile(file)).toBeNull();
      },
      // The first format: one v8-serialised object.
      async (saved, contents) => writeFileSync(file, serialize({ ...saved, format: 1, contents })),
    ];
    for (const spoil of spoilers) {
      await market.stop({ keepData: true });
      const saved = readSaved(dataDir);
      await spoil(saved, [...saved.contents, ['marker', [{ _id: 'stale' }]]]);
      market = await startMarketplace({ dataDir });
      expect(await market.docs.collection('marker').findOne({ _id: 'stale' })).toBeNull();
      expect(await lotsOf(market)).toEqual(before);
    }
  });
});

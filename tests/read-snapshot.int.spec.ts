import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { demoCatalogue } from '@wine/command-service';
import type { LotDocument } from '@wine/contracts';
import { READ_SNAPSHOT_FILE } from '@wine/deploy/embedded';
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

type Saved = { code: string; firstEvent: string; contents: [string, Record<string, unknown>[]][] };
const readSaved = (dataDir: string) => deserialize(readFileSync(snapshotFile(dataDir))) as Saved;
const writeSaved = (dataDir: string, saved: Saved) => writeFileSync(snapshotFile(dataDir), serialize(saved));

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
    writeSaved(dataDir, { ...saved, contents: [...saved.contents, ['marker', [{ _id: 'from-the-file' }]]] });
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

  it('is not used when the read side’s code changed or the log is another one: the log is replayed', async () => {
    market = await startMarketplace();
    await market.caughtUp();
    const before = await lotsOf(market);
    const { dataDir } = market;
    await market.stop({ keepData: true });
    const saved = readSaved(dataDir);
    const marked = [...saved.contents, ['marker', [{ _id: 'stale' }]]] as Saved['contents'];

    writeSaved(dataDir, { ...saved, code: 'an older read side', contents: marked });
    market = await startMarketplace({ dataDir });
    expect(await market.docs.collection('marker').findOne({ _id: 'stale' })).toBeNull();
    expect(await lotsOf(market)).toEqual(before);
    await market.stop({ keepData: true });

    writeSaved(dataDir, { ...readSaved(dataDir), firstEvent: 'another log', contents: marked });
    market = await startMarketplace({ dataDir });
    expect(await market.docs.collection('marker').findOne({ _id: 'stale' })).toBeNull();
    expect(await lotsOf(market)).toEqual(before);
  });
});

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { OpsStatus } from '@wine/contracts';
import { createEmbeddedDocumentStore, createLogger, systemClock } from '@wine/platform';
import { projections, rebuildProjection } from '@wine/projection-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLoad } from './ops-load.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const repoRoot = join(import.meta.dirname, '..');

let market: TestMarketplace;
let support: TestUser;
beforeAll(async () => {
  // The demo catalogue gives the rebuild a log of some thousands of events to replay.
  market = await startMarketplace();
  support = await market.staff('support');
  await appendLoad(market.eventStore, 60_000);
  await market.caughtUp();
}, 120_000);
afterAll(async () => {
  await market?.stop();
});

const statusOf = (name: string, status: OpsStatus) => status.projections.find((p) => p.name === name);
const opsStatus = () => market.ok<OpsStatus>('/api/ops/status', {}, support.auth);

/** A projection's collections as stored, sorted by id. */
const snapshot = (docs: typeof market.docs, name: string) => {
  const projection = projections.find((p) => p.name === name);
  if (!projection) throw new Error(name);
  return Promise.all(projection.collections.map((c) => docs.collection(c).find({}, { sort: { _id: 1 } })));
};

/** The same projection replayed from the log alone, into a store nothing else wrote to. */
async function fromTheLog(name: string) {
  const docs = createEmbeddedDocumentStore();
  const projection = projections.find((p) => p.name === name);
  if (!projection) throw new Error(name);
  await rebuildProjection({
    eventStore: market.eventStore,
    docs,
    projection,
    clock: systemClock,
    logger: createLogger('silent'),
  });
  return snapshot(docs, name);
}

describe('blue/green rebuild against the running embedded server (issue 12 "Support")', () => {
  it('rebuilds lots and bids from /api/ops/rebuild while bids and searches run: no request fails, the models equal the log', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push((await market.ok<{ id: string }>('/api/admin/product/create', lotInput(), market.admin)).id);
    const bidders = [await market.bidder(), await market.bidder()];
    await market.caughtUp();

    const started = await market.ok<OpsStatus>('/api/ops/rebuild', { projection: 'lots' }, support.auth);
    expect(statusOf('lots', started)?.state).toBe('rebuilding');
    await market.ok('/api/ops/rebuild', { projection: 'bids' }, support.auth);
    // A second rebuild of one projection while its first runs is refused by code.
    const again = await market.post('/api/ops/rebuild', { projection: 'lots' }, support.auth);
    expect([again.http, again.body.data]).toMatchObject([409, { code: 'REBUILD_RUNNING' }]);

    // A bounded stream: 120 requests, bids (each above the lot's last maximum) and searches in turn.
    const failures: string[] = [];
    let sawRebuilding = false;
    for (let k = 0; k < 120; k++) {
      const lot = ids[Math.floor(k / 2) % ids.length] as string;
      const round = Math.floor(k / 2 / ids.length);
      const answer =
        k % 2 === 0
          ? await market.post(
              '/api/bid/confirm',
              { id: lot, wsprice: 30_000 + round * 20_000, bidding_type: 'proxy' },
              (bidders[round % 2] as TestUser).auth,
            )
          : await market.post('/api/product/search', { limit: 24, page: 1 + (k % 3) });
      if (answer.http !== 200 || answer.body.status !== 'success')
        failures.push(`${k}: ${answer.http} ${answer.body.data.message}`);
      if (k % 10 === 0)
        sawRebuilding ||= (await opsStatus()).projections.some((p) => p.state === 'rebuilding');
    }
    expect(failures).toEqual([]);

    await expect
      .poll(
        async () =>
          (await opsStatus()).projections
            .filter((p) => p.rebuild?.done)
            .map((p) => p.name)
            .sort(),
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toEqual(['bids', 'lots']);
    const done = await opsStatus();
    expect(statusOf('lots', done)?.rebuild).toMatchObject({ done: true, error: null, fraction: 1 });
    expect(statusOf('lots', done)?.rebuild?.events).toBeGreaterThan(1_000);
    expect(sawRebuilding).toBe(true);

    await market.caughtUp();
    for (const name of ['lots', 'bids'])
      expect(await snapshot(market.docs, name), name).toEqual(await fromTheLog(name));
    // Every bid of the stream is in the rebuilt model.
    expect(
      await market.docs.collection('lots').countDocuments({ _id: { $in: ids }, bid_count: { $gt: 0 } }),
    ).toBe(8);
  }, 120_000);

  it('npm run rebuild asks the running server through its ops socket and shows a progress bar', async () => {
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'projection-service/src/cli/rebuild.ts', 'watchlists'],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: market.dataDir, LOG_LEVEL: 'silent' },
        timeout: 60_000,
      },
    );
    expect(stdout).toMatch(/watchlists \[#+\.*\] +\d+% [\d,]+ events/);
    expect(stdout).toMatch(/watchlists: \d+ events replayed, swapped in/);
    expect(statusOf('watchlists', await opsStatus())?.rebuild).toMatchObject({ done: true, error: null });
  }, 90_000);

  it('replays one stream into the read models, putting back a document that was lost', async () => {
    const id = (await market.ok<{ id: string }>('/api/admin/product/create', lotInput(), market.admin)).id;
    await market.caughtUp();
    const before = await market.docs.collection('lots').findOne({ _id: id });
    await market.docs.collection('lots').deleteMany({ _id: id });
    const replayed = await market.ok<{ events: number }>(
      '/api/ops/replayStream',
      { stream: `lot-${id}` },
      support.auth,
    );
    expect(replayed.events).toBeGreaterThan(0);
    expect(await market.docs.collection('lots').findOne({ _id: id })).toEqual(before);
  });
});

/**
 * `npm run rebuild [-- <projection>...]`: blue/green rebuild of read models while the services keep
 * serving (support, after an incident), with a progress bar. Each projection replays the log into
 * shadow collections, swaps them in, and replays what arrived meanwhile.
 * - MongoDB (MONGO_URL): this process rebuilds the collections itself.
 * - The embedded default: the read store lives inside the running server, so the rebuild runs there:
 *   this asks it through its local ops socket (DATA_DIR/ops.sock, open to the server's OS user only;
 *   no session, no credential) and follows the progress in its status.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, loadConfig, openDocumentStore, openEventStore, systemClock } from '@wine/platform';
import { rebuildProjection } from '../core/rebuild.ts';
import { projections } from '../index.ts';
import { opsClient } from './ops-client.ts';
import { progressPrinter } from './progress-bar.ts';

const config = loadConfig();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !projections.some((p) => p.name === name));
if (unknown.length > 0) {
  console.error(
    `rebuild: unknown projection ${unknown.join(', ')} (known: ${projections.map((p) => p.name).join(', ')})`,
  );
  process.exit(2);
}
const chosen = projections.filter((p) => wanted.length === 0 || wanted.includes(p.name));
const bar = progressPrinter();

if (config.MONGO_URL) {
  const logger = createLogger(config.LOG_LEVEL);
  const eventStore = openEventStore(config);
  const docs = await openDocumentStore(config);
  try {
    for (const projection of chosen) {
      const result = await rebuildProjection({
        eventStore,
        docs,
        projection,
        clock: systemClock,
        logger,
        onProgress: ({ fraction, events }) => bar.update(projection.name, fraction, events),
      });
      bar.done(
        `${result.projection}: ${result.events} events replayed to ${result.position} in ${result.durationMs} ms`,
      );
    }
  } finally {
    await docs.close();
    await eventStore.close();
  }
} else {
  const socket = join(config.dataDir, 'ops.sock');
  const ops = opsClient(socket);
  try {
    await ops.status();
  } catch {
    console.error(
      `rebuild: no running server answers on ${socket}. The embedded read store lives in the server process: start it (npm start) with the same DATA_DIR, then run this again.`,
    );
    process.exit(2);
  }
  let failed = false;
  for (const projection of chosen) {
    const started = await ops.rebuild(projection.name);
    if (started.status !== 202) {
      console.error(`${projection.name}: ${'code' in started.body ? started.body.code : started.status}`);
      failed = true;
      continue;
    }
    for (;;) {
      const status = (await ops.status()).projections.find((p) => p.name === projection.name);
      const rebuild = status?.rebuild;
      if (rebuild?.done) {
        if (!rebuild.error) bar.update(projection.name, 1, rebuild.events);
        if (rebuild.error) {
          bar.done(`${projection.name}: rebuild failed, the live model is unchanged: ${rebuild.error}`);
          failed = true;
        } else bar.done(`${projection.name}: ${rebuild.events} events replayed, swapped in`);
        break;
      }
      bar.update(projection.name, rebuild?.fraction ?? 0, rebuild?.events ?? 0);
      await sleep(200);
    }
  }
  if (failed) process.exitCode = 1;
}

/**
 * `npm run rebuild [-- <projection>...]`: blue/green rebuild of read models in MongoDB while the
 * services keep serving (support, after an incident). Each projection replays the log into shadow
 * collections, swaps them in, and replays what arrived meanwhile. The embedded read store lives
 * inside the running process and is rebuilt from the log at every start, so there it says so.
 */
import { createLogger, loadConfig, openDocumentStore, openEventStore, systemClock } from '@wine/platform';
import { rebuildProjection } from '../core/rebuild.ts';
import { projections } from '../index.ts';

const config = loadConfig();
if (!config.MONGO_URL) {
  console.error(
    'rebuild: no MONGO_URL. The embedded read store is in memory and rebuilt from the log at every start: restart the process.',
  );
  process.exit(2);
}
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !projections.some((p) => p.name === name));
if (unknown.length > 0) {
  console.error(
    `rebuild: unknown projection ${unknown.join(', ')} (known: ${projections.map((p) => p.name).join(', ')})`,
  );
  process.exit(2);
}
const logger = createLogger(config.LOG_LEVEL);
const eventStore = openEventStore(config);
const docs = await openDocumentStore(config);
try {
  for (const projection of projections.filter((p) => wanted.length === 0 || wanted.includes(p.name))) {
    const result = await rebuildProjection({ eventStore, docs, projection, clock: systemClock, logger });
    console.log(
      `${result.projection}: ${result.events} events replayed to ${result.position} in ${result.durationMs} ms`,
    );
  }
} finally {
  await docs.close();
  await eventStore.close();
}

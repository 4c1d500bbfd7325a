/**
 * `npm run verify`: checks the hash chain of every stream in the configured log (DATA_DIR's SQLite
 * file, or EVENTSTORE_URL) and exits 1 when any stream was altered.
 */
import { loadConfig, openEventStore } from '@wine/platform';
import { verifyLog } from '../audit/verify-log.ts';

const config = loadConfig();
const store = openEventStore(config);
try {
  const result = await verifyLog(store);
  console.log(`verified ${result.events} events in ${result.streams} streams`);
  for (const b of result.breaks) {
    console.log(
      `ALTERED ${b.streamName}: revision ${b.index} (event ${b.eventId}, position ${b.position}) fails its ${b.reason} check`,
    );
  }
  if (result.breaks.length === 0) console.log('every hash chain is intact');
  process.exitCode = result.breaks.length === 0 ? 0 : 1;
} finally {
  await store.close();
}

/**
 * One pass of the catch-up benchmark (bid-catch-up.ts) in a process of its own, as the embedded
 * default catches up at its start: a new process, whose heap holds nothing of an earlier pass.
 * Projects the whole log at BID_CATCH_UP_FILE into a new embedded read store, with the in-process bus
 * told of every change when BID_CATCH_UP_BUS is 'on', timed from start until the runner has stopped
 * with everything published; tells its parent the events and the seconds.
 */
import { performance } from 'node:perf_hooks';
import {
  createEmbeddedDocumentStore,
  createInProcessBus,
  createLogger,
  marketUpcaster,
  openSqliteEventStore,
  systemClock,
} from '@wine/platform';
import { createProjectionRunner, ensureIndexes, projections } from '@wine/projection-service';

const file = process.env.BID_CATCH_UP_FILE;
if (!file) throw new Error('BID_CATCH_UP_FILE is not set');
const store = openSqliteEventStore(file, { upcast: marketUpcaster });
const docs = createEmbeddedDocumentStore();
await ensureIndexes(docs);
const bus = process.env.BID_CATCH_UP_BUS === 'on' ? createInProcessBus() : undefined;
const runner = createProjectionRunner({
  name: 'bench-bids',
  eventStore: store,
  docs,
  projections,
  clock: systemClock,
  logger: createLogger('silent'),
  ...(bus && { bus }),
});
const head = await store.headPosition();
const started = performance.now();
await runner.start();
await runner.waitFor(head, 600_000);
await runner.stop();
const seconds = (performance.now() - started) / 1000;
const { eventsApplied } = runner.status();
await bus?.close();
await store.close();
process.send?.({ events: eventsApplied, seconds }, () => process.exit(0));

import { join } from 'node:path';
import { events } from '@wine/event-schemas';
import { openEsdbEventStore } from './esdb.ts';
import type { EventStore, Upcaster } from './port.ts';
import { openSqliteEventStore } from './sqlite.ts';

export { fromEsdbPosition, openEsdbEventStore, toEsdbPosition } from './esdb.ts';
export * from './port.ts';
export { openSqliteEventStore } from './sqlite.ts';

/** The market's event registry: every stored event is lifted to its current version on read. */
export const marketUpcaster: Upcaster = (type, version, data) => events.upcast(type, version, data);

/** No EVENTSTORE_URL: the embedded SQLite log at DATA_DIR/events.sqlite (ARCHITECTURE.md). */
export function openEventStore(config: { EVENTSTORE_URL?: string | undefined; dataDir: string }): EventStore {
  if (config.EVENTSTORE_URL) return openEsdbEventStore(config.EVENTSTORE_URL, { upcast: marketUpcaster });
  return openSqliteEventStore(join(config.dataDir, 'events.sqlite'), { upcast: marketUpcaster });
}
export { sharedId, streamIdOf } from './stream-ids.ts';

/**
 * A second process for the SQLite cross-process tests: appends `count` events to `stream` in the
 * log at `file`, one append per event, each at the exact expected revision it read, and prints
 * the number of concurrency conflicts it met.
 * Usage: node --import tsx sqlite-append.ts <file> <stream> <count>
 */

import { ConcurrencyError } from '../event-store/port.ts';
import { openSqliteEventStore } from '../event-store/sqlite.ts';
import { newEvent, testUpcaster } from './test-events.ts';

const [file, stream, count] = process.argv.slice(2);
if (!file || !stream || !count) throw new Error('usage: sqlite-append.ts <file> <stream> <count>');
const store = openSqliteEventStore(file, { upcast: testUpcaster });
let conflicts = 0;
for (let i = 0; i < Number(count); ) {
  const last = (await store.readStream(stream, { direction: 'backwards', maxCount: 1 }))[0];
  try {
    await store.append(stream, [newEvent(process.pid * 1000 + i)], last ? last.revision : 'no_stream');
    i++;
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    conflicts++;
  }
}
await store.close();
process.stdout.write(String(conflicts));

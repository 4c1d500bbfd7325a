import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { marketUpcaster, openSqliteEventStore, systemClock } from '@wine/platform';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBanners } from '../banners/demo-banners.ts';
import { seedDemoCatalogue } from '../demo/seed.ts';
import { verifyLog } from './verify-log.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'verify-'));
const file = join(dir, 'events.sqlite');

/** `npm run verify` against DATA_DIR, as an auditor runs it. */
async function verifyCli(): Promise<{ code: number; out: string }> {
  const cli = join(import.meta.dirname, '../cli/verify.ts');
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli], {
      env: { ...process.env, DATA_DIR: dir, EVENTSTORE_URL: '' },
      timeout: 60_000,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

// Twelve lots and the demo's home banners, one event on each stream; the three auctions the lots are in
// (created and arranged: two events each), and the eight auction lots' places (one more event each).
const seededStreams = 12 + demoBanners.length + 3;
const seeded = seededStreams + 3 + 8;

describe('verifying the log', () => {
  beforeAll(async () => {
    const store = openSqliteEventStore(file, { upcast: marketUpcaster });
    await seedDemoCatalogue(store, systemClock, 12);
    await store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds every chain intact in a log written by the command handler', async () => {
    const store = openSqliteEventStore(file, { upcast: marketUpcaster });
    expect(await verifyLog(store, { pageSize: 5 })).toMatchObject({
      streams: seededStreams,
      events: seeded,
      problems: [],
    });
    await store.close();
    const cli = await verifyCli();
    expect(cli.code).toBe(0);
    expect(cli.out).toContain(`verified ${seeded} events in ${seededStreams} streams`);
  });

  it('names the stream and event whose stored data was changed behind the log’s back', async () => {
    const db = new Database(file);
    const target = db.prepare('SELECT stream, id FROM events ORDER BY position LIMIT 1 OFFSET 4').get() as {
      stream: string;
      id: string;
    };
    db.prepare("UPDATE events SET data = json_set(data, '$.title', 'A cheaper wine') WHERE id = ?").run(
      target.id,
    );
    db.close();

    const store = openSqliteEventStore(file, { upcast: marketUpcaster });
    const result = await verifyLog(store, { pageSize: 5 });
    await store.close();
    expect(result.problems).toEqual([
      expect.objectContaining({
        kind: 'altered',
        streamName: target.stream,
        eventId: target.id,
        revision: 0,
      }),
    ]);
    const cli = await verifyCli();
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(`ALTERED ${target.stream}: revision 0`);
  });
});

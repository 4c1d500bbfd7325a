import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@wine/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

/** issue 30 item 5: DATA_DIR (the log, secrets, the outbox's reset links, keys, read store) is private. */
let market: TestMarketplace | undefined;
let dir = '';
const umask = process.umask();
afterEach(async () => {
  process.umask(umask);
  await market?.stop();
  market = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Every entry under a folder with its permission bits, the folder itself as '.'. */
function modes(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (path: string, name: string) => {
    const stat = lstatSync(path);
    found[name] =
      `${stat.isDirectory() ? 'd' : stat.isSocket() ? 's' : 'f'}${(stat.mode & 0o777).toString(8)}`;
    if (stat.isDirectory())
      for (const entry of readdirSync(path))
        walk(join(path, entry), name === '.' ? entry : `${name}/${entry}`);
  };
  walk(root, '.');
  return found;
}

const notPrivate = (root: string) =>
  Object.entries(modes(root)).filter(
    ([, mode]) => mode !== 'd700' && mode !== 'f600' && !mode.startsWith('s'),
  );

describe('the data folder', () => {
  it('is created 0700 with every file 0600 (sqlite -wal and -shm, keys, outbox, snapshot) even under umask 000', async () => {
    process.umask(0o000);
    dir = await mkdtemp(join(tmpdir(), 'wine-data-'));
    const dataDir = join(dir, 'data');
    market = await startMarketplace({ dataDir });
    // A mailed code (the outbox), a session, the log moved: every store has written.
    await market.bidder();
    const listed = modes(dataDir);
    for (const file of ['events.sqlite', 'events.sqlite-wal', 'secrets.sqlite-wal', 'outbox.sqlite-shm'])
      expect(listed[file]).toBe('f600');
    expect(listed['.']).toBe('d700');
    expect(notPrivate(dataDir)).toEqual([]);

    await market.stop({ keepData: true });
    market = undefined;
    const stopped = modes(dataDir);
    expect(stopped['read-store.snapshot']).toBe('f600');
    expect(stopped['audit-signing-key.pem']).toBe('f600');
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('left open by an older version is tightened at start, with a log line', async () => {
    dir = await mkdtemp(join(tmpdir(), 'wine-data-'));
    const dataDir = join(dir, 'data');
    market = await startMarketplace({ dataDir, seed: false });
    await market.stop({ keepData: true });
    market = undefined;
    // What an older version under umask 022 left: a world-readable folder and files.
    mkdirSync(join(dataDir, 'uploads/banner/old'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads/banner/old/photo.jpg'), 'jpeg');
    for (const [name, mode] of Object.entries(modes(dataDir)))
      if (!mode.startsWith('s')) chmodSync(join(dataDir, name), mode.startsWith('d') ? 0o755 : 0o644);
    expect(notPrivate(dataDir).length).toBeGreaterThan(5);

    const lines: string[] = [];
    market = await startMarketplace({
      dataDir,
      seed: false,
      logger: createLogger('info', 'wine', { write: (line: string) => void lines.push(line) }),
    });
    expect(notPrivate(dataDir)).toEqual([]);
    const logged = lines.map((line) => JSON.parse(line)).find((line) => line.tightened);
    expect(logged.msg).toMatch(/DATA_DIR: tightened/);
    expect(logged.tightened).toEqual(
      expect.arrayContaining([
        '.',
        'events.sqlite',
        'secrets.sqlite',
        'outbox.sqlite',
        'uploads/banner/old/photo.jpg',
      ]),
    );
  });
});

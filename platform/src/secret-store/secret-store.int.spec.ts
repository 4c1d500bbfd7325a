import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { dockerReachable } from '../testing/docker.ts';
import { openSecretStore } from './index.ts';
import { openMongoSecretStore } from './mongo.ts';
import { secretStoreContract } from './secret-store.contract.ts';
import { openSqliteSecretStore } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'secret-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const newFile = () => join(dir, `secrets-${++files}.sqlite`);

secretStoreContract('sqlite', async ({ clock }) => openSqliteSecretStore(newFile(), { clock }));

describe('sqlite secret store', () => {
  it('keeps values, expiries and counters in the file (WAL) across a reopen', async () => {
    const file = newFile();
    const clock = manualClock('2030-01-01T00:00:00Z');
    const first = openSqliteSecretStore(file, { clock });
    await first.put('password', 'u1', { hash: 'h1' });
    await first.put('reset-token', 't1', 'u1', { expiresAt: new Date('2030-01-01T00:30:00Z') });
    await first.increment('login-attempts', 'u1', { expiresAt: new Date('2030-01-01T00:15:00Z') });
    await first.close();

    const again = openSqliteSecretStore(file, { clock });
    expect(await again.get('password', 'u1')).toEqual({ hash: 'h1' });
    expect(await again.increment('login-attempts', 'u1')).toBe(2);
    clock.set('2030-01-01T00:30:00Z');
    expect(await again.get('reset-token', 't1')).toBeNull();
    expect(await again.increment('login-attempts', 'u1')).toBe(1);
    await again.close();

    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('purges expired rows from the file on a later write', async () => {
    const file = newFile();
    const clock = manualClock('2030-01-01T00:00:00Z');
    const store = openSqliteSecretStore(file, { clock });
    await store.put('reset-token', 'old', 'x', { expiresAt: new Date('2030-01-01T00:01:00Z') });
    await store.put('password', 'kept', 'y');
    clock.set('2030-01-01T00:05:00Z');
    await store.put('reset-token', 'new', 'z', { expiresAt: new Date('2030-01-01T01:00:00Z') });
    const raw = new Database(file, { readonly: true });
    const keys = raw.prepare('SELECT key FROM secrets ORDER BY key').pluck().all();
    raw.close();
    expect(keys).toEqual(['kept', 'new']);
    await store.close();
  });

  it('is what openSecretStore opens without MONGO_URL, at DATA_DIR/secrets.sqlite', async () => {
    const dataDir = join(dir, 'data');
    const store = await openSecretStore({ MONGO_DB: 'unused', dataDir });
    await store.put('password', 'u1', 'h');
    await store.close();
    const reopened = openSqliteSecretStore(join(dataDir, 'secrets.sqlite'));
    expect(await reopened.get('password', 'u1')).toBe('h');
    await reopened.close();
  });
});

type MongoTarget = { url: string; stop?: () => Promise<void> };

const mongoUrl = process.env.MONGO_URL;
const mongoAvailable = Boolean(mongoUrl) || (await dockerReachable());
if (!mongoAvailable) {
  console.log('MongoDB secret store suite skipped: no MONGO_URL and no Docker engine reachable');
}

let target: Promise<MongoTarget> | undefined;

/** MONGO_URL, or a single MongoDB node in a container (the secret store needs no transactions). */
function mongoTarget(): Promise<MongoTarget> {
  target ??= (async (): Promise<MongoTarget> => {
    if (mongoUrl) return { url: mongoUrl };
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    return {
      url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
      stop: async () => void (await container.stop()),
    };
  })();
  return target;
}

describe.skipIf(!mongoAvailable)('mongodb secret store', () => {
  const dbName = `secrets_${Math.random().toString(36).slice(2, 10)}`;

  secretStoreContract('mongodb', async ({ clock }) => {
    const { url } = await mongoTarget();
    return openMongoSecretStore(url, dbName, { clock });
  });

  it('lets the server purge expired secrets with a TTL index on expiresAt', async () => {
    const { url } = await mongoTarget();
    const store = await openMongoSecretStore(url, dbName);
    await store.close();
    const client = new MongoClient(url);
    try {
      const indexes = await client.db(dbName).collection('secrets').indexes();
      expect(indexes.find((i) => i.key.expiresAt === 1)?.expireAfterSeconds).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('is what openSecretStore opens with MONGO_URL', async () => {
    const { url } = await mongoTarget();
    const store = await openSecretStore({ MONGO_URL: url, MONGO_DB: dbName, dataDir: join(dir, 'unused') });
    await store.put('password', 'via-config', 'h');
    await store.close();
    const client = new MongoClient(url);
    try {
      const secrets = client.db(dbName).collection<{ _id: string; value: string }>('secrets');
      const doc = await secrets.findOne({ _id: 'password:via-config' });
      expect(doc?.value).toBe('"h"');
    } finally {
      await client.close();
    }
  });

  afterAll(async () => {
    if (!target) return;
    const { url, stop } = await target;
    const client = new MongoClient(url);
    try {
      await client.db(dbName).dropDatabase();
    } finally {
      await client.close();
    }
    await stop?.();
  });
});

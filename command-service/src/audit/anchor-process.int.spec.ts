import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditAnchorsStream, type LogAnchor } from '@wine/event-schemas';
import {
  createLogger,
  type EventStore,
  manualClock,
  openOutboxMailer,
  openSqliteEventStore,
} from '@wine/platform';
import { newEvent } from '@wine/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createStreams } from '../core/command-handler.ts';
import { loadAnchorKeys, publicKeyFile, signingKeyFile } from './anchor-key.ts';
import { anchorProcess } from './anchor-process.ts';
import { checkAnchorSignature } from './anchor-signature.ts';

const dir = mkdtempSync(join(tmpdir(), 'anchoring-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const upcast = (_t: string, version: number, data: unknown) => ({ version, data });
const keys = loadAnchorKeys({ dataDir: dir }, { createDefault: true });
if (!keys) throw new Error('no key');

function anchoring(
  store: EventStore,
  clock = manualClock('2026-11-24T10:00:00.000Z'),
  extra: { witnessFile?: string } = {},
) {
  const mailer = openOutboxMailer(':memory:', { clock });
  const process = anchorProcess({
    ...extra,
    moneyDelayMs: 10,
    keys: keys as NonNullable<typeof keys>,
    intervalSeconds: 3600,
    auditorEmail: 'auditors@example.com',
    streams: createStreams(store),
    clock,
    mailer,
    logger: createLogger('silent'),
    tickMs: 5,
  });
  return { process, clock, mailer };
}
const anchors = async (store: EventStore) =>
  (await store.readStream(auditAnchorsStream)).map((e) => e.data as LogAnchor);

describe('anchoring the log', () => {
  it('keeps its key outside the log, readable by its owner only, the public key beside it', () => {
    expect(statSync(signingKeyFile(dir)).mode & 0o777).toBe(0o600);
    expect(statSync(publicKeyFile(dir)).isFile()).toBe(true);
    expect(loadAnchorKeys({ dataDir: dir }, { createDefault: true })?.publicKeyPem).toBe(keys?.publicKeyPem);
  });

  it('signs the head at start, then again once the interval has passed on the clock and the head moved', async () => {
    const store = openSqliteEventStore(join(dir, 'interval.sqlite'), { upcast });
    await store.append('s', [newEvent(1)], 'no_stream');
    const { process, clock } = anchoring(store);
    await process.start();
    const [first] = await anchors(store);
    expect(first).toMatchObject({
      position: await positionOf(store, 's', 0),
      signedAt: '2026-11-24T10:00:00.000Z',
    });
    expect(checkAnchorSignature(first as LogAnchor, keys?.publicKey as never)).toBe('valid');

    await store.append('s', [newEvent(2)], 0);
    clock.advance(3600_000);
    await expect.poll(async () => (await anchors(store)).length, { timeout: 5000 }).toBe(2);
    const [, second] = await anchors(store);
    expect(second).toMatchObject({
      position: await positionOf(store, 's', 1),
      signedAt: '2026-11-24T11:00:00.000Z',
    });
    await process.stop();
    await store.close();
  });

  it('anchors the head within a moment of money moving, not at the next interval, and keeps the last anchor outside the log (issue 30)', async () => {
    const store = openSqliteEventStore(join(dir, 'money.sqlite'), { upcast });
    await store.append('s', [newEvent(1)], 'no_stream');
    const witnessFile = join(dir, 'money-last-anchor.json');
    const { process } = anchoring(store, undefined, { witnessFile });
    await process.start();
    expect(await anchors(store)).toHaveLength(1);
    expect(JSON.parse(readFileSync(witnessFile, 'utf8'))).toEqual((await anchors(store))[0]);
    expect(statSync(witnessFile).mode & 0o777).toBe(0o600);

    // A note moves the log but no money: it waits for the interval (the clock stands still).
    await store.append('s', [newEvent(2)], 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await anchors(store)).toHaveLength(1);
    // A payment is anchored at once, the note with it.
    await store.append('invoice-1', [newEvent(3, { type: 'PaymentRecorded' })], 'no_stream');
    await expect.poll(async () => (await anchors(store)).length, { timeout: 5000 }).toBe(2);
    const [, second] = await anchors(store);
    expect(second?.position).toBe(await positionOf(store, 'invoice-1', 0));
    expect(JSON.parse(readFileSync(witnessFile, 'utf8'))).toEqual(second);
    await process.stop();
    await store.close();
  });

  it('lets only one of two instances anchor the same head', async () => {
    const store = openSqliteEventStore(join(dir, 'two.sqlite'), { upcast });
    const other = openSqliteEventStore(join(dir, 'two.sqlite'), { upcast });
    await store.append('s', [newEvent(1)], 'no_stream');
    // Two servers whose clocks differ: their signatures of the same head differ too.
    const [a, b] = [anchoring(store), anchoring(other, manualClock('2026-11-24T10:00:00.001Z'))];
    const written = await Promise.all([a.process.anchorNow(), b.process.anchorNow()]);
    const kept = await anchors(store);
    expect(kept).toHaveLength(1);
    expect(written.filter((w) => w !== null)).toEqual(kept);
    // Only the instance whose anchor the log holds mails it.
    const mailed = [...((await a.mailer.outbox?.()) ?? []), ...((await b.mailer.outbox?.()) ?? [])];
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.text).toContain(kept[0]?.signature);
    await store.close();
    await other.close();
  });
});

async function positionOf(store: EventStore, stream: string, revision: number) {
  const [event] = await store.readStream(stream, { fromRevision: revision, maxCount: 1 });
  return event?.position;
}

/**
 * DOMAIN.md "Audit": tamper evidence that survives a hostile operator. A real log is written by the
 * embedded product (lots, bidders, bids, the log's anchors), copied, changed behind the product's
 * back with SQL as an operator with the file could, and verified as an auditor would: with the public
 * key and the anchors they took away (the export).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type LogVerification, readPublicKey, verifyLog } from '@wine/command-service';
import type { AnchorExport, BidConfirmResult } from '@wine/contracts';
import { auditAnchorsStream, lotStream, padPosition, userStream } from '@wine/event-schemas';
import { eventHash, logHash, nextLogHash } from '@wine/event-schemas/hash-chain';
import { marketUpcaster, openSqliteEventStore } from '@wine/platform';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'tamper-'));
let original: string;
let publicKeyFile: string;
let witnessFile: string;
let kept: AnchorExport;
let keptFile: string;
let lots: string[];
let ann: TestUser;
let bob: TestUser;

interface Row {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  version: number;
  data: string;
  metadata: string;
  log_hash: string | null;
}

beforeAll(async () => {
  const market: TestMarketplace = await startMarketplace({ seed: false });
  try {
    const create = async () =>
      (await market.ok<{ id: string }>('/api/admin/product/create', lotInput(), market.admin)).id;
    lots = [await create(), await create(), await create()];
    [ann, bob] = [await market.bidder(), await market.bidder()];
    const bid = async (user: TestUser, id: string, wsprice: number) =>
      market.ok<BidConfirmResult>('/api/bid/confirm', { id, wsprice }, user.auth);
    await bid(ann, lots[0] as string, 30_000);
    await bid(bob, lots[1] as string, 40_000);
    await bid(bob, lots[0] as string, 50_000);
    await bid(ann, lots[2] as string, 26_000);
    // The hourly anchor, taken now: it signs everything above.
    expect(await market.anchoring?.anchorNow()).toMatchObject({ algorithm: 'Ed25519' });
    await bid(bob, lots[2] as string, 60_000);
    const auditor = await market.staff('auditor');
    kept = await market.ok<AnchorExport>('/api/audit/anchors', {}, auditor.auth);
    keptFile = join(work, 'kept-anchors.json');
    writeFileSync(keptFile, JSON.stringify(kept));
  } finally {
    await market.stop({ keepData: true });
  }
  original = join(market.dataDir, 'events.sqlite');
  publicKeyFile = join(market.dataDir, 'audit-signing-key.pub.pem');
  witnessFile = join(market.dataDir, 'audit-last-anchor.json');
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

let copies = 0;
/** A copy of the log to tamper with, and the operator's SQL session on it. */
function copyOfLog() {
  copies += 1;
  const dir = join(work, `copy-${copies}`);
  mkdirSync(dir);
  const file = join(dir, 'events.sqlite');
  copyFileSync(original, file);
  const db = new Database(file);
  const rows = () => db.prepare('SELECT * FROM events ORDER BY position').all() as Row[];
  return { dir, file, db, rows };
}

/** Rewrites a stream's per-stream hashes in revision order, as an operator covering a change would. */
function rehashStream(db: Database.Database, stream: string) {
  const events = db.prepare('SELECT * FROM events WHERE stream = ? ORDER BY revision').all(stream) as Row[];
  let prev = '';
  for (const row of events) {
    const { hash: _old, ...metadata } = JSON.parse(row.metadata);
    const draft = {
      id: row.id,
      type: row.type,
      version: row.version,
      data: JSON.parse(row.data),
      metadata: { ...metadata, prevHash: prev },
    };
    prev = eventHash(draft);
    db.prepare('UPDATE events SET metadata = ? WHERE position = ?').run(
      JSON.stringify({ ...draft.metadata, hash: prev }),
      row.position,
    );
  }
}

/** Rewrites the global chain from the first event, as an operator who knows the formula would. */
function rechainLog(db: Database.Database) {
  let prev = '';
  for (const row of db.prepare('SELECT * FROM events ORDER BY position').all() as Row[]) {
    const { hash } = JSON.parse(row.metadata) as { hash: string };
    prev = logHash(prev, padPosition(row.position), row.stream, row.revision, hash);
    db.prepare('UPDATE events SET log_hash = ? WHERE position = ?').run(prev, row.position);
  }
}

async function verifyCopy(file: string, auditorAnchors = kept.anchors): Promise<LogVerification> {
  const store = openSqliteEventStore(file, { upcast: marketUpcaster });
  try {
    return await verifyLog(store, { publicKey: readPublicKey(publicKeyFile), auditorAnchors, pageSize: 7 });
  } finally {
    await store.close();
  }
}

const at = (row: Row | undefined) => ({
  streamName: row?.stream,
  revision: row?.revision,
  position: padPosition(row?.position ?? 0),
  eventId: row?.id,
});

/** `npm run verify` on a folder holding a log, as the auditor runs it. */
async function verifyCli(dir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const cli = resolve(import.meta.dirname, '../command-service/src/cli/verify.ts');
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, DATA_DIR: dir, EVENTSTORE_URL: '', AUDIT_SIGNING_KEY: '' },
      timeout: 60_000,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

describe('verify on a copy of a real log', () => {
  it('finds an untouched log intact, its anchors signed by the key and held by the log', async () => {
    const { file, db, dir } = copyOfLog();
    db.close();
    expect(kept.anchors).toHaveLength(1);
    const result = await verifyCopy(file);
    expect(result.problems).toEqual([]);
    expect(result.anchorsInLog).toBe(kept.anchors.length);
    // Each anchor twice: as met in the log, and as the auditors kept it.
    expect(result.anchorsVerified).toBe(2 * kept.anchors.length);

    const cli = await verifyCli(dir, '--anchors', keptFile, '--public-key', publicKeyFile);
    expect(cli.code, cli.out).toBe(0);
    expect(cli.out).toContain('every hash chain is intact and every anchor holds');
    const exported = join(dir, 'exported.json');
    expect((await verifyCli(dir, '--export-anchors', exported, '--public-key', publicKeyFile)).code).toBe(0);
    expect(JSON.parse(readFileSync(exported, 'utf8'))).toEqual(kept);
  });

  it('names the event after a lot’s last event deleted from the middle of the log', async () => {
    const { file, db, rows } = copyOfLog();
    const all = rows();
    const lot = lotStream(lots[1] as string);
    const last = all.filter((r) => r.stream === lot).at(-1) as Row;
    const next = all[all.indexOf(last) + 1];
    expect(next).toBeDefined();
    db.prepare('DELETE FROM events WHERE position = ?').run(last.position);
    db.close();
    const { problems } = await verifyCopy(file);
    expect(problems).toContainEqual({ kind: 'log-chain-broken', ...at(next) });
    expect(problems.filter((p) => p.streamName === lot)).toEqual([]);
  });

  it('names the events after a user’s whole stream deleted', async () => {
    const { file, db, rows } = copyOfLog();
    const all = rows();
    const stream = userStream(ann.id);
    const gone = all.filter((r) => r.stream === stream);
    expect(gone.length).toBeGreaterThan(1);
    db.prepare('DELETE FROM events WHERE stream = ?').run(stream);
    db.close();
    const { problems } = await verifyCopy(file);
    const after = gone.map((r) => all.find((x) => x.position > r.position && x.stream !== stream));
    for (const next of new Set(after))
      expect(problems).toContainEqual({ kind: 'log-chain-broken', ...at(next) });
  });

  /** The hostile operator's edit: a bid's amount lowered to $1, its stream's hashes recomputed. */
  function lowerABidAndRehashItsStream(db: Database.Database, all: Row[]): Row {
    const bid = all.find((r) => r.type === 'BidPlaced') as Row;
    const data = JSON.parse(bid.data);
    const amountKey = Object.keys(data).find(
      (k) => typeof data[k] === 'number' && data[k] >= 25_000,
    ) as string;
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run(
      JSON.stringify({ ...data, [amountKey]: 100 }),
      bid.position,
    );
    rehashStream(db, bid.stream);
    return bid;
  }

  it('names a bid whose amount was changed and its stream rehashed (the global chain)', async () => {
    const { file, db, rows } = copyOfLog();
    const bid = lowerABidAndRehashItsStream(db, rows());
    db.close();
    const { problems } = await verifyCopy(file);
    expect(problems.filter((p) => p.kind === 'altered' || p.kind === 'stream-chain-broken')).toEqual([]);
    expect(problems[0]).toEqual({ kind: 'log-chain-broken', ...at(bid) });
  });

  it('names the anchor when the operator also recomputed the global chain', async () => {
    const { file, db, rows } = copyOfLog();
    const bid = lowerABidAndRehashItsStream(db, rows());
    rechainLog(db);
    db.close();
    const { problems } = await verifyCopy(file);
    expect(problems.filter((p) => !p.kind.startsWith('anchor-'))).toEqual([]);
    const signedAfter = kept.anchors.filter((a) => Number(a.position) >= bid.position);
    expect(signedAfter.length).toBeGreaterThan(0);
    for (const anchor of signedAfter)
      expect(problems).toContainEqual({ kind: 'anchor-mismatch', anchorPosition: anchor.position });
  });

  it('names an event whose data was altered', async () => {
    const { file, db, rows } = copyOfLog();
    const listed = rows().find((r) => r.type === 'LotListed') as Row;
    db.prepare("UPDATE events SET data = json_set(data, '$.title', 'A cheaper wine') WHERE position = ?").run(
      listed.position,
    );
    db.close();
    expect((await verifyCopy(file)).problems).toEqual([{ kind: 'altered', ...at(listed) }]);
  });

  it('names two events of different streams swapped in the log', async () => {
    const { file, db, rows } = copyOfLog();
    const all = rows();
    const i = all.findIndex((r, k) => k > 0 && all[k + 1] !== undefined && all[k + 1]?.stream !== r.stream);
    const [a, b] = [all[i] as Row, all[i + 1] as Row];
    const move = db.prepare(
      'UPDATE events SET stream = ?, revision = ?, id = ?, type = ?, version = ?, data = ?, metadata = ?, log_hash = ? WHERE position = ?',
    );
    const put = (r: Row, position: number) =>
      move.run(r.stream, r.revision, r.id, r.type, r.version, r.data, r.metadata, r.log_hash, position);
    db.prepare("UPDATE events SET stream = 'swap', id = 'swap' WHERE position = ?").run(a.position);
    put(a, b.position);
    put(b, a.position);
    db.close();
    const { problems } = await verifyCopy(file);
    expect(problems[0]).toEqual({ kind: 'log-chain-broken', ...at({ ...b, position: a.position }) });
  });

  it('names the event after one inserted into the log', async () => {
    const { file, db, rows } = copyOfLog();
    const all = rows();
    const before = all[3] as Row;
    const shifted = all[4] as Row;
    db.prepare('UPDATE events SET position = position + 1000000 WHERE position > ?').run(before.position);
    db.prepare('UPDATE events SET position = position - 999999 WHERE position > ?').run(1_000_000);
    // A forged user, hashed as the product would, chained onto the event before it.
    const draft = {
      id: '00000000-0000-5000-8000-000000000001',
      type: 'RoleGranted',
      version: 1,
      data: { role: 'admin', by: { kind: 'system', id: 'operator' } },
      metadata: { ...JSON.parse(before.metadata), prevHash: '' },
    };
    delete draft.metadata.hash;
    const hash = eventHash(draft);
    const position = before.position + 1;
    const stream = 'user-forged';
    const forgedLogHash = nextLogHash(before.log_hash as string, {
      position: padPosition(position),
      streamName: stream,
      revision: 0,
      metadata: { hash },
    });
    db.prepare(
      'INSERT INTO events (position, stream, revision, id, type, version, data, metadata, log_hash) VALUES (?, ?, 0, ?, ?, 1, ?, ?, ?)',
    ).run(
      position,
      stream,
      draft.id,
      draft.type,
      JSON.stringify(draft.data),
      JSON.stringify({ ...draft.metadata, hash }),
      forgedLogHash,
    );
    db.close();
    const { problems } = await verifyCopy(file);
    expect(problems[0]).toEqual({
      kind: 'log-chain-broken',
      ...at({ ...shifted, position: shifted.position + 1 }),
    });
  });

  it('names a forged anchor and an anchor signed by another key', async () => {
    const { file, db } = copyOfLog();
    db.close();
    const [first] = kept.anchors;
    if (!first) throw new Error('no anchor');
    const forged = { ...first, position: padPosition(1) };
    const otherKey = { ...first, keyFingerprint: 'ab'.repeat(32) };
    const { problems } = await verifyCopy(file, [forged, otherKey]);
    expect(problems).toEqual([
      { kind: 'anchor-signature-invalid', anchorPosition: forged.position },
      { kind: 'anchor-key-unknown', anchorPosition: first.position },
    ]);
  });

  it('names an anchor deleted from the log, chain recomputed, that the auditors kept', async () => {
    const { dir, file, db, rows } = copyOfLog();
    const last = rows()
      .filter((r) => r.stream === auditAnchorsStream)
      .at(-1) as Row;
    db.prepare('DELETE FROM events WHERE position = ?').run(last.position);
    rechainLog(db);
    db.close();
    const anchor = JSON.parse(last.data) as { position: string };
    expect((await verifyCopy(file)).problems).toEqual([
      { kind: 'anchor-missing-from-log', anchorPosition: anchor.position },
    ]);
    const cli = await verifyCli(dir, '--anchors', keptFile, '--public-key', publicKeyFile);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(`ANCHOR-MISSING-FROM-LOG anchor of position ${anchor.position}`);
  });

  it('fails on a log whose anchors were all deleted (chain recomputed): the last anchor is kept beside the key (issue 30)', async () => {
    const { dir, db, rows } = copyOfLog();
    // The server kept the last anchor it wrote outside the log, beside its key.
    const witness = JSON.parse(readFileSync(witnessFile, 'utf8')) as { position: string };
    expect(witness).toEqual(kept.anchors.at(-1));
    copyFileSync(witnessFile, join(dir, 'audit-last-anchor.json'));
    copyFileSync(publicKeyFile, join(dir, 'audit-signing-key.pub.pem'));
    const untouched = await verifyCli(dir);
    expect(untouched.code, untouched.out).toBe(0);
    const anchorRows = rows().filter((r) => r.stream === auditAnchorsStream);
    expect(anchorRows.length).toBeGreaterThan(0);
    db.prepare('DELETE FROM events WHERE stream = ?').run(auditAnchorsStream);
    rechainLog(db);
    db.close();

    // No --anchors from the auditors: the witness alone makes verify fail.
    const cli = await verifyCli(dir);
    expect(cli.code, cli.out).toBe(1);
    expect(cli.out).toContain(`ANCHOR-MISSING-FROM-LOG anchor of position ${witness.position}`);
  });
});

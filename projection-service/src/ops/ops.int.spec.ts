import { type OpsStatus, USERS } from '@wine/contracts';
import {
  type NewEvent,
  OPS_PROJECTIONS_STREAM,
  type RecordedEvent,
  events as registry,
} from '@wine/event-schemas';
import { verifyChain } from '@wine/event-schemas/hash-chain';
import {
  createEmbeddedDocumentStore,
  createHttpApp,
  createLogger,
  type DocumentStore,
  type EventStore,
  marketUpcaster,
  offsetClock,
  openSqliteEventStore,
  openSqliteSecretStore,
  sessionTokens,
} from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedUpdate } from '../core/guarded.ts';
import type { Projection } from '../core/projection.ts';
import { createProjectionRunner, type ProjectionRunner } from '../core/runner.ts';
import { opsService } from './service.ts';

const clock = offsetClock();
let n = 0;
const listed = (lotId: string): NewEvent => {
  n += 1;
  return {
    id: `00000000-0000-5000-8000-${String(n).padStart(12, '0')}`,
    type: 'LotListed',
    version: registry.currentVersion('LotListed'),
    data: registry.validate(
      'LotListed',
      listedLot({
        lotId,
        sku: `SKU-${lotId}`,
        lotNumber: null,
        auctionId: null,
        sellerId: 'house',
        title: lotId,
      }),
    ),
    metadata: {
      correlationId: `c-${n}`,
      causationId: `c-${n}`,
      commandId: `c-${n}`,
      actor: { kind: 'user', id: 'spec' },
      occurredAt: clock.now().toISOString(),
      prevHash: '',
      hash: `h-${n}`,
    },
  };
};

/** A projector with a bug: it throws on the lots named in `poisoned` until the "fix" empties it. */
function specProjection(name: string, poisoned: Set<string>): Projection {
  return {
    name,
    collections: [name],
    handles: new Set(['LotListed']),
    project(event: RecordedEvent) {
      const { lotId } = event.data as { lotId: string };
      if (poisoned.has(lotId)) throw new Error(`cannot read the vintage of ${lotId}`);
      return [
        {
          collection: name,
          operation: {
            updateOne: { filter: { _id: lotId }, update: { $setOnInsert: { _position: '' } }, upsert: true },
          },
        },
        guardedUpdate(name, lotId, event, { $set: { title: lotId } }),
      ];
    },
  };
}

interface Rig {
  store: EventStore;
  docs: DocumentStore;
  runner: ProjectionRunner;
  post(
    path: string,
    body: unknown,
    who?: string,
    commandId?: string,
  ): Promise<{ http: number; body: { status: string; data: { code?: string; responseData: unknown } } }>;
  status(): Promise<OpsStatus>;
  lot(id: string): Promise<string>;
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function rig(
  poisoned: Set<string>,
  store: EventStore = openSqliteEventStore(':memory:', { upcast: marketUpcaster, batchSize: 2 }),
): Promise<Rig> {
  const docs = createEmbeddedDocumentStore();
  const projections = [specProjection('spec-lots', poisoned), specProjection('spec-healthy', new Set())];
  const logger = createLogger('silent');
  const runner = createProjectionRunner({
    name: 'spec',
    eventStore: store,
    docs,
    projections,
    clock,
    logger,
  });
  const tokens = sessionTokens('a-session-secret-for-ops-specs-only-please', clock);
  await docs.collection(USERS).insertOne({ _id: 'sam-support', status: 'active', roles: ['support'] });
  await docs.collection(USERS).insertOne({ _id: 'una-user', status: 'active', roles: [] });
  const app = createHttpApp(logger);
  opsService(app, {
    runner,
    eventStore: store,
    docs,
    projections,
    clock,
    logger,
    tokens,
    secrets: openSqliteSecretStore(':memory:', { clock }),
  });
  await app.ready();
  await runner.start();
  closing.push(async () => {
    await app.close();
    await runner.stop();
    await store.close();
  });
  const post: Rig['post'] = async (path, body, who, commandId) => {
    const headers: Record<string, string> = {
      ...(who && { authorization: `Bearer ${(await tokens.issue(who)).token}` }),
      ...(commandId && { 'x-command-id': commandId }),
    };
    const res = await app.inject({ method: 'POST', url: path, payload: body as object, headers });
    return { http: res.statusCode, body: res.json() };
  };
  return {
    store,
    docs,
    runner,
    post,
    status: async () =>
      (await post('/api/ops/status', {}, 'sam-support')).body.data.responseData as OpsStatus,
    lot: async (id) =>
      ((await docs.collection('spec-lots').findOne({ _id: id }))?.title as string) ?? 'missing',
  };
}

const of = (status: OpsStatus, name: string) => status.projections.find((p) => p.name === name);

async function poisonedLog(r: Rig) {
  for (const id of ['a', 'b', 'c', 'd', 'e']) await r.store.append(`lot-${id}`, [listed(id)], 'no_stream');
  await r.runner.waitFor(await r.store.headPosition());
}

describe('a projection that fails on an event (issue 12 "Support")', () => {
  it('stops at that event with the error shown, while the independent projections go on', async () => {
    const r = await rig(new Set(['c']));
    await poisonedLog(r);
    const status = await r.status();
    const stopped = of(status, 'spec-lots');
    expect(stopped).toMatchObject({
      state: 'stopped-on-error',
      lagEvents: 3,
      failure: { eventType: 'LotListed', streamName: 'lot-c', error: 'cannot read the vintage of c' },
    });
    expect(stopped?.lagSeconds).toBeGreaterThanOrEqual(0);
    // Nothing after the poisoned event is applied out of order: d and e wait behind c.
    expect([await r.lot('a'), await r.lot('b'), await r.lot('c'), await r.lot('d')]).toEqual([
      'a',
      'b',
      'missing',
      'missing',
    ]);
    expect(of(status, 'spec-healthy')).toMatchObject({ state: 'live', lagEvents: 0, failure: null });
    expect(await r.docs.collection('spec-healthy').countDocuments()).toBe(5);
    expect(status.head.position).toBe(await r.store.headPosition());
  });

  it('resumes on retry once the projector is fixed, and stays stopped on a retry before the fix', async () => {
    const poisoned = new Set(['c']);
    const r = await rig(poisoned);
    await poisonedLog(r);
    const early = await r.post('/api/ops/retry', { projection: 'spec-lots' }, 'sam-support');
    expect(of(early.body.data.responseData as OpsStatus, 'spec-lots')?.state).toBe('stopped-on-error');
    poisoned.clear();
    const fixed = await r.post('/api/ops/retry', { projection: 'spec-lots' }, 'sam-support');
    expect(fixed.body.status).toBe('success');
    expect(of(fixed.body.data.responseData as OpsStatus, 'spec-lots')).toMatchObject({
      state: 'live',
      lagEvents: 0,
      failure: null,
    });
    expect(await r.docs.collection('spec-lots').countDocuments()).toBe(5);
    // Back in the subscription: a new event reaches it live.
    const { position } = await r.store.append('lot-f', [listed('f')], 'no_stream');
    await r.runner.waitFor(position);
    expect(await r.lot('f')).toBe('f');
  });

  it('skips the event with who and why recorded in the log, resumes, and skips it again on a replay', async () => {
    const r = await rig(new Set(['c']));
    await poisonedLog(r);
    const failure = of(await r.status(), 'spec-lots')?.failure;
    const skipped = await r.post(
      '/api/ops/skip',
      {
        projection: 'spec-lots',
        eventId: failure?.eventId,
        reason: 'Lot c was listed with a corrupt vintage',
      },
      'sam-support',
    );
    expect(skipped.body.status).toBe('success');
    expect(of(skipped.body.data.responseData as OpsStatus, 'spec-lots')).toMatchObject({
      state: 'live',
      failure: null,
    });
    expect([await r.lot('b'), await r.lot('c'), await r.lot('e')]).toEqual(['b', 'missing', 'e']);
    const [skip] = await r.store.readStream(OPS_PROJECTIONS_STREAM);
    expect(skip).toMatchObject({
      type: 'ProjectionEventSkipped',
      data: {
        projection: 'spec-lots',
        eventId: failure?.eventId,
        position: failure?.position,
        streamName: 'lot-c',
        reason: 'Lot c was listed with a corrupt vintage',
      },
      metadata: { actor: { kind: 'user', id: 'sam-support' } },
    });
    expect(skip?.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
    // The skip joins the stream's hash chain as any command's event does (DOMAIN.md "Audit").
    const second = await r.post(
      '/api/ops/skip',
      { projection: 'spec-lots', eventId: 'x', reason: 'y' },
      'sam-support',
    );
    expect(second.body.data.code).toBe('PROJECTION_NOT_STOPPED');
    expect(verifyChain(await r.store.readStream(OPS_PROJECTIONS_STREAM, { raw: true }))).toBeNull();

    // A fresh read store over the same log (a restart of the embedded default): the skip holds.
    const again = await rig(new Set(['c']), r.store);
    await again.runner.waitFor(await r.store.headPosition());
    expect(of(await again.status(), 'spec-lots')).toMatchObject({
      state: 'live',
      failure: null,
      lagEvents: 0,
    });
    expect(await again.docs.collection('spec-lots').countDocuments()).toBe(4);
  });

  it('chains each skip to the one before it on the ops stream, and goes on to the next poisoned event', async () => {
    const r = await rig(new Set(['b', 'd']));
    await poisonedLog(r);
    for (const stream of ['lot-b', 'lot-d']) {
      const failure = of(await r.status(), 'spec-lots')?.failure;
      expect(failure?.streamName).toBe(stream);
      await r.post(
        '/api/ops/skip',
        { projection: 'spec-lots', eventId: failure?.eventId, reason: `skip ${stream}` },
        'sam-support',
      );
    }
    // The skips are events too (on the ops stream), projected once their wake comes.
    await r.runner.waitFor(await r.store.headPosition());
    expect(of(await r.status(), 'spec-lots')).toMatchObject({ state: 'live', lagEvents: 0 });
    const chain = await r.store.readStream(OPS_PROJECTIONS_STREAM, { raw: true });
    expect(chain.map((e) => (e.data as { streamName: string }).streamName)).toEqual(['lot-b', 'lot-d']);
    expect(chain[1]?.metadata.prevHash).toBe(chain[0]?.metadata.hash);
    expect(verifyChain(chain)).toBeNull();
  });

  it('refuses a command id sent again for another skip or by another user, writing and skipping nothing', async () => {
    const r = await rig(new Set(['b', 'd']));
    await poisonedLog(r);
    const skip = async (commandId: string) => {
      const failure = of(await r.status(), 'spec-lots')?.failure;
      const body = {
        projection: 'spec-lots',
        eventId: failure?.eventId,
        reason: `skip ${failure?.streamName}`,
      };
      return { body, answer: await r.post('/api/ops/skip', body, 'sam-support', commandId) };
    };
    const first = await skip('skip-command-0001');
    expect(first.answer.body.status).toBe('success');
    // Lot d now: the same id for another skip is refused, and nothing is written or skipped.
    const reused = await skip('skip-command-0001');
    expect(reused.answer.http).toBe(422);
    expect(reused.answer.body.data.code).toBe('COMMAND_ID_REUSED');
    expect(of(await r.status(), 'spec-lots')?.failure?.streamName).toBe('lot-d');
    expect(await r.store.readStream(OPS_PROJECTIONS_STREAM)).toHaveLength(1);
    // Another support user may not take it either; a fresh id skips d.
    await r.docs.collection(USERS).insertOne({ _id: 'sue-support', status: 'active', roles: ['support'] });
    const taken = await r.post('/api/ops/skip', reused.body, 'sue-support', 'skip-command-0001');
    expect(taken.body.data.code).toBe('COMMAND_ID_TAKEN');
    expect((await skip('skip-command-0002')).answer.body.status).toBe('success');
    const chain = await r.store.readStream(OPS_PROJECTIONS_STREAM);
    expect(chain.map((e) => (e.data as { streamName: string }).streamName)).toEqual(['lot-b', 'lot-d']);
  });

  it('refuses a skip or retry that does not match where the projection stopped, naming the code', async () => {
    const r = await rig(new Set(['c']));
    await poisonedLog(r);
    const codeOf = async (path: string, body: unknown) =>
      (await r.post(path, body, 'sam-support')).body.data.code;
    expect(await codeOf('/api/ops/retry', { projection: 'spec-healthy' })).toBe('PROJECTION_NOT_STOPPED');
    expect(await codeOf('/api/ops/retry', { projection: 'nowhere' })).toBe('PROJECTION_NOT_FOUND');
    expect(await codeOf('/api/ops/skip', { projection: 'spec-lots', eventId: 'another', reason: 'x' })).toBe(
      'PROJECTION_NOT_AT_EVENT',
    );
    expect(await codeOf('/api/ops/skip', { projection: 'spec-lots', eventId: 'another', reason: '' })).toBe(
      'VALIDATION',
    );
    expect(await r.store.readStream(OPS_PROJECTIONS_STREAM)).toEqual([]);
  });

  it('answers 403 to a visitor and to a user without the support or admin role on every ops action', async () => {
    const r = await rig(new Set());
    const bodies: [string, unknown][] = [
      ['/api/ops/status', {}],
      ['/api/ops/retry', { projection: 'spec-lots' }],
      ['/api/ops/skip', { projection: 'spec-lots', eventId: 'x', reason: 'x' }],
      ['/api/ops/rebuild', { projection: 'spec-lots' }],
      ['/api/ops/replayStream', { stream: 'lot-a' }],
    ];
    for (const [path, body] of bodies) {
      expect((await r.post(path, body)).http, path).toBe(403);
      expect((await r.post(path, body, 'una-user')).http, path).toBe(403);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnchorExport, actions, type Role, type VerifyJobStatus } from '@wine/contracts';
import { auditAnchorsStream } from '@wine/event-schemas';
import {
  createHttpApp,
  createLogger,
  manualClock,
  marketUpcaster,
  openOutboxMailer,
  openSqliteEventStore,
  openSqliteSecretStore,
} from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandService, commandService } from '../index.ts';
import type { Accounts } from '../users/accounts.ts';
import { loadAnchorKeys } from './anchor-key.ts';
import { checkAnchorSignature } from './anchor-signature.ts';

const dir = mkdtempSync(join(tmpdir(), 'audit-routes-'));
const clock = manualClock('2026-11-24T10:00:00.000Z');
const store = openSqliteEventStore(join(dir, 'events.sqlite'), { upcast: marketUpcaster });
const secrets = openSqliteSecretStore(join(dir, 'secrets.sqlite'), { clock });
const mailer = openOutboxMailer(':memory:', { clock });
const app = createHttpApp(createLogger('silent'));
const keys = loadAnchorKeys({ dataDir: dir }, { createDefault: true });
let service: CommandService;
let auditor: string;
let admin: string;
let finance: string;

async function signUp(email: string, roles: Role[]): Promise<string> {
  const ids = () => ({ commandId: randomUUID(), correlationId: randomUUID() });
  const operator = { kind: 'system', id: 'spec' } as const;
  const input = {
    first_name: 'Spec',
    last_name: 'Spec',
    email,
    password: 'cellar-door-1982',
    confirm_password: 'cellar-door-1982',
    country_code: '+1',
    newsletter: false,
    terms: true,
    extra: {},
  } as Parameters<Accounts['session']['register']>[0];
  const { session } = await service.accounts.session.register(input, ids(), { vouchedBy: operator });
  if (!session) throw new Error('registered already');
  for (const role of roles) await service.accounts.roles.change(session.id, { role }, ids(), operator);
  return session.token;
}

const post = async <T>(path: string, payload: object, token?: string) => {
  const answer = await app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: answer.statusCode, body: answer.json() as { data: { responseData: T; code?: string } } };
};

beforeAll(async () => {
  service = await commandService(app, {
    store,
    clock,
    secrets,
    mailer,
    sessionSecret: 'a-session-secret-of-at-least-32-characters',
    publicUrl: () => 'http://localhost',
    logger: createLogger('silent'),
    audit: { keys, intervalSeconds: 3600, auditorEmail: 'auditors@example.com' },
  });
  await app.ready();
  auditor = await signUp('auditor@audit.example', ['auditor']);
  admin = await signUp('admin@audit.example', ['admin']);
  finance = await signUp('finance@audit.example', ['finance', 'support']);
});
afterAll(async () => {
  await app.close();
  await mailer.close();
  await secrets.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the auditor’s integrity actions', () => {
  it('refuses a visitor and every other role but an admin before reading the body', async () => {
    for (const action of [actions.auditAnchors, actions.auditVerify, actions.auditVerifyStatus]) {
      expect((await post(action.path, { unexpected: true })).status).toBe(403);
      expect((await post(action.path, { unexpected: true }, finance)).status).toBe(403);
    }
  });

  it('lets an admin verify the log too, as README says an admin may do what each staff role does', async () => {
    const started = await post<{ jobId: string }>(actions.auditVerify.path, {}, admin);
    expect(started.status).toBe(200);
    const { jobId } = started.body.data.responseData;
    await expect
      .poll(
        async () =>
          (await post<VerifyJobStatus>(actions.auditVerifyStatus.path, { jobId }, admin)).body.data
            .responseData.state,
        { timeout: 10_000 },
      )
      .not.toBe('running');
  });

  it('anchors the head once, mails it to the auditors and exports it with the public key', async () => {
    const anchoring = service.anchoring;
    if (!anchoring) throw new Error('no anchoring');
    const anchor = await anchoring.anchorNow();
    expect(anchor).not.toBeNull();
    // Nothing but the anchor since: the head did not move.
    expect(await anchoring.anchorNow()).toBeNull();
    expect(await store.readStream(auditAnchorsStream)).toHaveLength(1);

    const { status, body } = await post<AnchorExport>(actions.auditAnchors.path, {}, auditor);
    expect(status).toBe(200);
    expect(body.data.responseData).toEqual({ anchors: [anchor], publicKey: keys?.publicKeyPem });
    if (!anchor || !keys) throw new Error('no anchor');
    expect(checkAnchorSignature(anchor, keys.publicKey)).toBe('valid');

    const [mail] = (await mailer.outbox?.({ to: 'auditors@example.com' })) ?? [];
    expect(mail?.subject).toBe(`Log anchor at position ${anchor.position}`);
    expect(mail?.text).toContain(anchor.signature);
    expect(mail?.text).toContain(keys.publicKeyPem.trim());
  });

  it('verifies the log as a job whose progress and result the auditor reads', async () => {
    const started = await post<{ jobId: string }>(actions.auditVerify.path, {}, auditor);
    expect(started.status).toBe(200);
    const { jobId } = started.body.data.responseData;
    let status: VerifyJobStatus | undefined;
    await expect
      .poll(
        async () => {
          status = (await post<VerifyJobStatus>(actions.auditVerifyStatus.path, { jobId }, auditor)).body.data
            .responseData;
          return status.state;
        },
        { timeout: 10_000 },
      )
      .toBe('intact');
    expect(status).toMatchObject({ problems: [], anchors: 1 });
    expect(status?.done).toBe(status?.total);
    expect(status?.total).toBeGreaterThan(0);
  });

  it('answers an unknown job with its code', async () => {
    const { status, body } = await post(actions.auditVerifyStatus.path, { jobId: 'nope' }, auditor);
    expect(status).toBe(404);
    expect(body.data.code).toBe('NOT_FOUND');
  });
});

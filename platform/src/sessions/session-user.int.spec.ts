import { USERS } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { createEmbeddedDocumentStore } from '../document-store/index.ts';
import { sessionUser } from './session-user.ts';
import { REVOKED_TOKEN_KIND, sessionTokens } from './tokens.ts';

const secret = 'a-session-secret-of-at-least-32-chars!';

/** A users read model document with only what the session check reads. */
const userDoc = (id: string, fields: Record<string, unknown> = {}) => ({
  _id: id,
  id,
  status: 'active',
  password_changed_at: null,
  force_logout_at: null,
  roles: [],
  _position: '1',
  ...fields,
});

async function setup() {
  const clock = manualClock('2026-11-22T12:00:00.000Z');
  const tokens = sessionTokens(secret, clock);
  const docs = createEmbeddedDocumentStore();
  const revoked = new Set<string>();
  const secrets = {
    get: async <T>(kind: string, key: string) =>
      (kind === REVOKED_TOKEN_KIND && revoked.has(key) ? true : null) as T | null,
  };
  const userOf = sessionUser({ tokens, secrets, docs });
  const bearer = async (userId: string) => {
    const { token, claims } = await tokens.issue(userId);
    return { header: `Bearer ${token}`, claims };
  };
  return { clock, docs, revoked, userOf, bearer };
}

describe('sessionUser: who a bearer header stands for on the read side', () => {
  it('gives an active user with the roles the users read model holds', async () => {
    const { docs, userOf, bearer } = await setup();
    await docs.collection(USERS).insertOne(userDoc('u-admin', { roles: ['admin', 'seller'] }));
    const { header } = await bearer('u-admin');
    expect(await userOf(header)).toEqual({ id: 'u-admin', roles: ['admin', 'seller'], switched: false });
  });

  it('says when the session is an admin acting as the user', async () => {
    const { clock, docs, userOf } = await setup();
    await docs.collection(USERS).insertOne(userDoc('u-fin', { roles: ['finance'] }));
    const tokens = sessionTokens(secret, clock);
    const { token } = await tokens.issue('u-fin', { actingAdmin: 'u-admin' });
    expect(await userOf(`Bearer ${token}`)).toEqual({ id: 'u-fin', roles: ['finance'], switched: true });
  });

  it('trusts the signed token of a user not projected yet, with no roles', async () => {
    const { userOf, bearer } = await setup();
    const { header } = await bearer('u-new');
    expect(await userOf(header)).toEqual({ id: 'u-new', roles: [], switched: false });
  });

  it('refuses no header, a malformed one and a token signed with another secret', async () => {
    const { userOf } = await setup();
    expect(await userOf(undefined)).toBeNull();
    expect(await userOf('Basic abc')).toBeNull();
    const other = await sessionTokens('another-secret-of-at-least-32-chars!!', manualClock(new Date())).issue(
      'u-1',
    );
    expect(await userOf(`Bearer ${other.token}`)).toBeNull();
  });

  it('refuses a logged-out token, a deactivated user, and a token older than a password change or a forced logout', async () => {
    const { clock, docs, revoked, userOf, bearer } = await setup();
    const out = await bearer('u-out');
    revoked.add(out.claims.jti);
    expect(await userOf(out.header)).toBeNull();

    await docs.collection(USERS).insertOne(userDoc('u-off', { status: 'deactivate' }));
    expect(await userOf((await bearer('u-off')).header)).toBeNull();

    const before = await bearer('u-moved');
    clock.advance(60_000);
    const changedAt = clock.now().toISOString();
    await docs.collection(USERS).insertOne(userDoc('u-moved', { password_changed_at: changedAt }));
    expect(await userOf(before.header)).toBeNull();
    clock.advance(60_000);
    expect(await userOf((await bearer('u-moved')).header)).toEqual({
      id: 'u-moved',
      roles: [],
      switched: false,
    });

    const forced = await bearer('u-forced');
    clock.advance(60_000);
    await docs
      .collection(USERS)
      .insertOne(userDoc('u-forced', { force_logout_at: clock.now().toISOString() }));
    expect(await userOf(forced.header)).toBeNull();
  });
});

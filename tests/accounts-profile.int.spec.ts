import type { LoginResult, UserRecord } from '@wine/contracts';
import { createLogger } from '@wine/platform';
import { rebuildProjection, USERS, usersProjection } from '@wine/projection-service';
import { describe, expect, it } from 'vitest';
import { accountsMarketplace, bearer, newEmail, PASSWORD } from './support/accounts.ts';

const { market: liveMarket, register, validate } = accountsMarketplace();

describe('profile', () => {
  it('keeps the user’s address with the seeds’ address fields', async () => {
    const { token } = await register();
    const saved = await liveMarket().post<UserRecord>(
      '/api/user/userAddress',
      {
        address1: '1 N Wacker Dr',
        city: 'Chicago',
        state: 'IL',
        zip: '60606',
        latitude: 41.88,
        longitude: -87.64,
      },
      bearer(token),
    );
    expect(saved.body).toMatchObject({
      data: {
        message: 'Address saved',
        responseData: {
          address: {
            city: 'Chicago',
            zip: '60606',
            full_address: '1 N Wacker Dr, Chicago, IL 60606',
            latitude: 41.88,
          },
        },
      },
    });
    const bad = await liveMarket().post(
      '/api/user/userAddress',
      { address1: 'x', city: 'y', state: 'IL', zip: 'ABCDE' },
      bearer(token),
    );
    expect(bad.body.data.message).toBe('zip: Enter a 5 digit ZIP code');
  });

  it('greets a new account with no welcome popup, and updates the caller’s own profile only', async () => {
    const ada = await register();
    const bob = await register(newEmail(), { first_name: 'Bob' });
    // Issue 31: the popup says stored cards were deleted by the processor change; a new account had none.
    expect(ada.user.popup_message).toBe(0);
    expect((await validate(ada.token)).body).toMatchObject({ data: { responseData: { popup_message: 0 } } });
    const ack = await liveMarket().post<UserRecord>(
      '/api/user/updateProfile',
      { popup_message: 0 },
      bearer(ada.token),
    );
    expect(ack.body).toMatchObject({ data: { responseData: { popup_message: 0 } } });
    // No action takes a user id: the token names the user. Naming another is refused as an unknown field.
    const cross = await liveMarket().post(
      '/api/user/updateProfile',
      { id: bob.id, first_name: 'Mallory' },
      bearer(ada.token),
    );
    expect(cross.http).toBe(400);
    expect((await validate(bob.token)).body).toMatchObject({ data: { responseData: { first_name: 'Bob' } } });
    const renamed = await liveMarket().post<UserRecord>(
      '/api/user/updateProfile',
      { last_name: 'King', phone: '(312) 555-0100' },
      bearer(ada.token),
    );
    expect(renamed.body).toMatchObject({
      data: { responseData: { last_name: 'King', phone: '3125550100' } },
    });
  });
});

describe('users read model', () => {
  it('projects every account without secrets, and a rebuild gives the same documents', async () => {
    for (let i = 0; i < 6; i++) await register();
    await liveMarket().caughtUp();
    const live = await liveMarket()
      .docs.collection(USERS)
      .find({}, { sort: { _id: 1 } });
    expect(live.length).toBeGreaterThan(5);
    for (const doc of live) {
      for (const key of Object.keys(doc))
        expect(key).not.toMatch(/^(password|password_hash|hash|salt|token|code)$/i);
    }
    expect(JSON.stringify(live)).not.toContain(PASSWORD);
    await rebuildProjection({
      eventStore: liveMarket().eventStore,
      docs: liveMarket().docs,
      projection: usersProjection,
      clock: { now: () => new Date() },
      logger: createLogger('silent'),
      runner: liveMarket().runner,
    });
    expect(
      await liveMarket()
        .docs.collection(USERS)
        .find({}, { sort: { _id: 1 } }),
    ).toEqual(live);
  });
});

describe('account change and notifications', () => {
  it('changes the password with the current one: other sessions end, this one goes on with a new token', async () => {
    const { email, token } = await register();
    const other = await liveMarket().post<LoginResult>('/api/user/login', { email, password: PASSWORD });
    if (other.body.status !== 'success') throw new Error(other.body.data.message);
    const fresh = 'another-cellar-key-77';
    const wrong = await liveMarket().post(
      '/api/user/changePassword',
      { current_password: 'not-it-at-all', password: fresh, confirm_password: fresh },
      bearer(token),
    );
    expect(wrong.body.data.message).toBe('Current password is not correct');
    const changed = await liveMarket().post<LoginResult>(
      '/api/user/changePassword',
      { current_password: PASSWORD, password: fresh, confirm_password: fresh },
      bearer(token),
    );
    if (changed.body.status !== 'success') throw new Error(changed.body.data.message);
    expect(changed.body.data.message).toBe('Password changed');
    expect((await validate(other.body.data.responseData.token)).http).toBe(403);
    expect((await validate(token)).http).toBe(403);
    expect((await validate(changed.body.data.responseData.token)).http).toBe(200);
    expect((await liveMarket().post('/api/user/login', { email, password: fresh })).http).toBe(200);
  });

  it('saves notification preferences', async () => {
    const { token } = await register();
    const prefs = {
      email_notifications: false,
      sms_notifications: true,
      outbid_alerts: true,
      closing_reminders: false,
      won_notices: false,
      language: 'es',
    };
    // Issue 31: the choices a new account starts with: every notification on, by e-mail, in English.
    expect((await validate(token)).body).toMatchObject({
      data: {
        responseData: {
          preferences: {
            email_notifications: true,
            sms_notifications: false,
            outbid_alerts: true,
            closing_reminders: true,
            won_notices: true,
            language: 'en',
          },
        },
      },
    });
    const saved = await liveMarket().post<UserRecord>('/api/user/updatePreference', prefs, bearer(token));
    expect(saved.body).toMatchObject({
      data: { message: 'Preferences saved', responseData: { preferences: prefs } },
    });
    expect((await validate(token)).body).toMatchObject({ data: { responseData: { preferences: prefs } } });
  });
});

describe('switch user', () => {
  it('lets an admin act as a user, and every event it writes names the admin acting as that user', async () => {
    const { id } = await register();
    expect((await liveMarket().post('/api/user/switchuser', { id })).http).toBe(403);
    const switched = await liveMarket().post<LoginResult>('/api/user/switchuser', { id }, liveMarket().admin);
    if (switched.body.status !== 'success') throw new Error(switched.body.data.message);
    const token = switched.body.data.responseData.token;
    expect((await validate(token)).body).toMatchObject({ data: { responseData: { id } } });
    await liveMarket().post('/api/user/updateProfile', { last_name: 'Byron' }, bearer(token));
    const stream = await liveMarket().eventStore.readStream(`user-${id}`);
    const updated = stream.find((e) => e.type === 'ProfileUpdated');
    expect(updated?.metadata.actor).toEqual({ kind: 'admin', id: liveMarket().adminUser.id, actingAs: id });
    const signedIn = stream.filter((e) => e.type === 'SignedIn').at(-1);
    expect(signedIn?.metadata.actor).toEqual({ kind: 'admin', id: liveMarket().adminUser.id, actingAs: id });
    expect(
      (await liveMarket().post('/api/user/switchuser', { id: 'nobody-here' }, liveMarket().admin)).http,
    ).toBe(404);
  });
});

import { actions, type UserRecord } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const me = async (token: string) =>
  (await service.post<UserRecord>(actions.validateUser.path, {}, { token })).body.data.responseData;
const eventsOf = async (userId: string) =>
  (await service.service.streams.store.readStream(userStream(userId))).map((e) => e.type);

/** What /account/notifications shows: every switch and the language. */
const shown = {
  email_notifications: false,
  sms_notifications: true,
  outbid_alerts: false,
  closing_reminders: false,
  won_notices: false,
  language: 'es',
  coming_up_notices: true,
} as const;

describe('notification choices (updatePreference)', () => {
  it('saves every choice the screen shows, and the next sign-in shows them again', async () => {
    const ann = await service.signUp('ann@profile.example');
    const saved = await service.post<UserRecord>(actions.updatePreference.path, shown, { token: ann.token });
    expect(saved.status).toBe(200);
    expect(saved.body.data.message).toBe('Preferences saved');
    expect(saved.body.data.responseData.preferences).toEqual(shown);
    expect((await me(ann.token)).preferences).toEqual(shown);
    // The "coming up" switch off again is saved too.
    const off = { ...shown, coming_up_notices: false };
    await service.post(actions.updatePreference.path, off, { token: ann.token });
    expect((await me(ann.token)).preferences).toEqual(off);
  });

  it('records nothing when the screen saves what was there (an absent "coming up" is the off shown)', async () => {
    const bob = await service.signUp('bob@profile.example');
    const before = await eventsOf(bob.id);
    const asShown = { ...(await me(bob.token)).preferences, coming_up_notices: false };
    expect((await service.post(actions.updatePreference.path, asShown, { token: bob.token })).status).toBe(
      200,
    );
    expect(await eventsOf(bob.id)).toEqual(before);
  });

  it('refuses a visitor, and a body missing a choice, writing nothing', async () => {
    expect((await service.post(actions.updatePreference.path, shown)).status).toBe(403);
    const cy = await service.signUp('cy@profile.example');
    const before = await eventsOf(cy.id);
    const { won_notices: _won, ...partial } = shown;
    const answer = await service.post(actions.updatePreference.path, partial, { token: cy.token });
    expect(answer.status).toBe(400);
    expect(answer.body.data.responseData).toMatchObject({ field: 'won_notices' });
    expect(await eventsOf(cy.id)).toEqual(before);
  });
});

describe('resetting the notification choices (resetUserProfile)', () => {
  it('puts every choice back as a new account has it and keeps the language', async () => {
    const di = await service.signUp('di@profile.example');
    const fresh = (await me(di.token)).preferences;
    await service.post(actions.updatePreference.path, shown, { token: di.token });
    await service.post(actions.updateProfile.path, { phone: '3125550180' }, { token: di.token });
    const reset = await service.post<UserRecord>(actions.resetUserProfile.path, {}, { token: di.token });
    expect(reset.status).toBe(200);
    expect(reset.body.data.message).toBe('Notification choices are back to the defaults');
    expect(reset.body.data.responseData.preferences).toEqual({
      ...fresh,
      coming_up_notices: false,
      language: 'es',
    });
    // What the user told us stays: the phone is not a preference.
    expect(reset.body.data.responseData.phone).toBe('3125550180');
    const count = (await eventsOf(di.id)).length;
    await service.post(actions.resetUserProfile.path, {}, { token: di.token });
    expect(await eventsOf(di.id)).toHaveLength(count);
  });

  it('refuses a visitor and a body with anything in it', async () => {
    expect((await service.post(actions.resetUserProfile.path, {})).status).toBe(403);
    const ed = await service.signUp('ed@profile.example');
    expect(
      (await service.post(actions.resetUserProfile.path, { language: 'en' }, { token: ed.token })).status,
    ).toBe(400);
  });
});

describe('the user’s address (userAddress)', () => {
  it('keeps the address with the seeds’ fields, composing the full address when none is given', async () => {
    const fay = await service.signUp('fay@profile.example');
    const address = { address1: '100 N State St', city: 'Chicago', state: 'IL', zip: '60602' };
    const saved = await service.post<UserRecord>(actions.userAddress.path, address, { token: fay.token });
    expect(saved.status).toBe(200);
    expect(saved.body.data.message).toBe('Address saved');
    expect((await me(fay.token)).address).toEqual({
      ...address,
      latitude: null,
      longitude: null,
      full_address: '100 N State St, Chicago, IL 60602',
      place_id: null,
    });
    const bad = await service.post(
      actions.userAddress.path,
      { ...address, zip: '606' },
      { token: fay.token },
    );
    expect(bad.body.data.responseData).toMatchObject({ field: 'zip' });
    expect((await service.post(actions.userAddress.path, address)).status).toBe(403);
  });
});

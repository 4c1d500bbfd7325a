import { actions, type DecryptedProfile, type LoginResult, type UserRecord } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';
import { secretKinds } from '../user-service.ts';
import { FRESH_SESSION_MINUTES } from './decide.ts';

let service: TestCommandService;
beforeAll(async () => {
  // 2026-11-22, noon UTC.
  service = await openTestCommandService();
});
afterAll(() => service.close());

const details = { date_of_birth: '1980-05-17', nationality: 'us', id_type: 'passport', id_last4: 'x123' };
const save = (input: object, token?: string) =>
  service.post<UserRecord>(actions.updateProfileKYC.path, input, token ? { token } : {});
const decrypt = (token?: string) =>
  service.post<DecryptedProfile>(actions.decryptProfile.path, {}, token ? { token } : {});
const eventsOf = (userId: string) => service.service.streams.store.readStream(userStream(userId));

describe('the identity details of the profile (updateProfileKYC)', () => {
  it('keeps them sealed apart from the log, which records only which of them changed', async () => {
    const ann = await service.signUp('ann@kyc-profile.example');
    const saved = await save(details, ann.token);
    expect(saved.status).toBe(200);
    expect(saved.body.data.message).toBe('Identity details saved');
    expect(saved.body.data.responseData.kyc_profile_saved).toBe(true);
    const events = await eventsOf(ann.id);
    expect(events.at(-1)).toMatchObject({
      type: 'KycProfileUpdated',
      data: { fields: ['date_of_birth', 'nationality', 'id_type', 'id_last4'] },
    });
    const log = JSON.stringify(events);
    for (const value of ['1980-05-17', 'X123', 'passport']) expect(log).not.toContain(value);
    const sealed = await service.secrets.get<string>(secretKinds.kycProfile, ann.id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('1980');

    const again = await save({ ...details, id_last4: 'X123' }, ann.token);
    expect(again.status).toBe(200);
    expect(await eventsOf(ann.id)).toHaveLength(events.length);
    await save({ ...details, nationality: 'ES' }, ann.token);
    expect((await eventsOf(ann.id)).at(-1)).toMatchObject({ data: { fields: ['nationality'] } });
  });

  it('refuses anyone under 21, keeping nothing', async () => {
    const bob = await service.signUp('bob@kyc-profile.example');
    const young = await save({ ...details, date_of_birth: '2005-11-23' }, bob.token);
    expect(young.status).toBe(400);
    expect(young.body.data).toMatchObject({ code: 'UNDER_AGE', responseData: { field: 'date_of_birth' } });
    expect(await service.secrets.get(secretKinds.kycProfile, bob.id)).toBeNull();
    expect((await eventsOf(bob.id)).map((e) => e.type)).not.toContain('KycProfileUpdated');
  });

  it('refuses a visitor before the body is read, and a bad body naming its field, writing nothing', async () => {
    expect((await save(details)).status).toBe(403);
    const cy = await service.signUp('cy@kyc-profile.example');
    const before = (await eventsOf(cy.id)).length;
    const cases: [object, string][] = [
      [{ ...details, nationality: 'USA' }, 'nationality'],
      [{ ...details, id_last4: '12' }, 'id_last4'],
      [{ ...details, id_last4: null }, 'id_last4'],
      [{ ...details, id_type: null }, 'id_type'],
      [{ ...details, date_of_birth: '1899-12-31' }, 'date_of_birth'],
      [{ ...details, id_number: '123456789' }, ''],
    ];
    for (const [input, field] of cases) {
      const answer = await save(input, cy.token);
      expect(answer.status).toBe(400);
      if (field) expect(answer.body.data.responseData).toMatchObject({ field });
    }
    expect(await eventsOf(cy.id)).toHaveLength(before);
  });
});

describe('the owner’s protected details in full (decryptProfile)', () => {
  it('answers the owner in a fresh session: phone, address and identity details', async () => {
    const di = await service.signUp('di@kyc-profile.example');
    await service.post(actions.updateProfile.path, { phone: '3125550170' }, { token: di.token });
    const address = { address1: '100 N State St', city: 'Chicago', state: 'IL', zip: '60602' };
    await service.post(actions.userAddress.path, address, { token: di.token });
    await save(details, di.token);
    const answer = await decrypt(di.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.responseData).toEqual({
      phone: '3125550170',
      country_code: '+1',
      address: expect.objectContaining(address),
      kyc: { date_of_birth: '1980-05-17', nationality: 'US', id_type: 'passport', id_last4: 'X123' },
    });
  });

  it('answers each user their own details only', async () => {
    await save(details, (await service.signUp('ed@kyc-profile.example')).token);
    const fay = await service.signUp('fay@kyc-profile.example');
    expect((await decrypt(fay.token)).body.data.responseData).toEqual({
      phone: null,
      country_code: '+1',
      address: null,
      kyc: null,
    });
  });

  it('asks a session older than its minutes to confirm the password, then answers the new one', async () => {
    const gil = await service.signUp('gil@kyc-profile.example');
    await save(details, gil.token);
    service.clock.advance(FRESH_SESSION_MINUTES * 60_000 + 1000);
    const stale = await decrypt(gil.token);
    expect(stale.status).toBe(401);
    expect(stale.body.data).toMatchObject({
      code: 'SESSION_NOT_FRESH',
      message: 'For your safety, confirm your password to see these details',
    });
    const login = await service.post<LoginResult>(actions.login.path, {
      email: gil.email,
      password: gil.password,
    });
    const fresh = await decrypt(login.body.data.responseData.token);
    expect(fresh.body.data.responseData.kyc).toMatchObject({ date_of_birth: '1980-05-17' });
  });

  it('refuses a visitor and an admin acting as the user', async () => {
    expect((await decrypt()).status).toBe(403);
    const hal = await service.signUp('hal@kyc-profile.example');
    await save(details, hal.token);
    const admin = await service.signUp('admin@kyc-profile.example', ['admin']);
    const switched = await service.post<LoginResult>(
      actions.switchUser.path,
      { id: hal.id },
      { token: admin.token },
    );
    expect(switched.status).toBe(200);
    const answer = await decrypt(switched.body.data.responseData.token);
    expect(answer.status).toBe(403);
    expect(answer.body.data.code).toBe('SWITCHED_SESSION');
  });
});

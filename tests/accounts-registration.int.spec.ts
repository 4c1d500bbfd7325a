import { randomUUID } from 'node:crypto';
import { accountMessages, type LoginResult, type OutboxMessage, type RegisterResult } from '@wine/contracts';
import { START } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import {
  accountsMarketplace,
  bearer,
  codeIn,
  linkTokenIn,
  newEmail,
  PASSWORD,
  registration,
} from './support/accounts.ts';

const { market: liveMarket, register, outbox, validate } = accountsMarketplace();

describe('registration', () => {
  it('creates the account and mails a code and a link; the code signs the user in, nothing before it', async () => {
    const email = newEmail();
    const answer = await liveMarket().post<RegisterResult>('/api/user/register', registration(email));
    expect(answer).toMatchObject({
      http: 200,
      body: { data: { message: accountMessages.registrationSent, responseData: { email, session: null } } },
    });
    const [mail] = await outbox(email);
    expect(mail?.subject).toBe('Verify your e-mail');
    expect(linkTokenIn(mail as OutboxMessage, 'verify_email')).toBeTruthy();
    const code = codeIn(mail as OutboxMessage);
    expect(code).toMatch(/^\d{6}$/);
    // No session until the address is proven: a sign-in answers as a wrong password.
    const early = await liveMarket().post('/api/user/login', { email, password: PASSWORD });
    expect(early).toMatchObject({ http: 400, body: { data: { message: 'Invalid email or password' } } });
    const { token, id, user } = await liveMarket().ok<LoginResult>('/api/user/verifyEmailVerifyCode', {
      email,
      code,
    });
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(user).toMatchObject({ id, email, first_name: 'Ada', email_verified: true, status: 'active' });
    const types = (await liveMarket().eventStore.readStream(`user-${id}`)).map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'EmailVerificationSent', 'EmailVerified', 'SignedIn']);
    expect((await liveMarket().post('/api/user/login', { email, password: PASSWORD })).http).toBe(200);
  });

  it('answers a registration of an address that has an account exactly as a new one, and mails the owner', async () => {
    const { email } = await register();
    const before = await liveMarket().eventStore.headPosition();
    const taken = await liveMarket().post(
      '/api/user/register',
      registration(email, { password: 'Other-pass-123', confirm_password: 'Other-pass-123' }),
    );
    const fresh = await liveMarket().post('/api/user/register', registration(newEmail()));
    const shape = (r: typeof taken) => ({
      http: r.http,
      status: r.body.status,
      message: r.body.data.message,
    });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken.body.data.responseData).toEqual({ email, session: null });
    // Nothing was written for the taken address; its owner is told, and keeps the password.
    const written = await liveMarket().eventStore.readAll({ after: before });
    expect(written.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
    expect((await outbox(email))[0]?.subject).toBe('Someone tried to register with your e-mail');
    expect((await liveMarket().post('/api/user/login', { email, password: PASSWORD })).http).toBe(200);
    expect((await liveMarket().post('/api/user/login', { email, password: 'Other-pass-123' })).http).toBe(
      400,
    );
  });

  it('lets a registration never verified be made again (no squatting on an address)', async () => {
    const email = newEmail();
    await liveMarket().ok('/api/user/register', registration(email, { first_name: 'Squatter' }));
    const { user } = await register(email);
    expect(user).toMatchObject({ email, first_name: 'Ada', email_verified: true });
  });

  it('keeps the password, the code and the token out of the log and the read models', async () => {
    const { email, token, id } = await register();
    const code = codeIn((await outbox(email))[0] as OutboxMessage);
    const events = JSON.stringify(await liveMarket().eventStore.readAll({ after: START, raw: true }));
    expect(events).toContain(id);
    for (const secret of [PASSWORD, token, code]) expect(events).not.toContain(secret);
    for (const name of await liveMarket().docs.listCollections()) {
      const docs = JSON.stringify(await liveMarket().docs.collection(name).find({}));
      for (const secret of [PASSWORD, token]) expect(docs).not.toContain(secret);
    }
  });

  it('asks the active configured extra questions and keeps the answers', async () => {
    const fields = await liveMarket().post<{ fields: { name: string }[] }>(
      '/api/common/getRegistrationFields',
      {},
    );
    if (fields.body.status !== 'success') throw new Error(fields.body.data.message);
    expect(fields.body.data.responseData.fields.map((f) => f.name)).toEqual([
      'company_name',
      'annual_budget',
      'interests',
    ]);
    const { user } = await register(newEmail(), {
      extra: { annual_budget: '2500.50', interests: ['Red', 'Sparkling'] },
    });
    expect(user.extra).toEqual({ annual_budget: '2500.50', interests: ['Red', 'Sparkling'] });
  });

  it('makes no second account for the same e-mail, in any case', async () => {
    const { email, id } = await register();
    await liveMarket().ok('/api/user/register', registration(email.toUpperCase(), { first_name: 'Eve' }));
    expect(await liveMarket().accounts.ownerOf(email)).toBe(id);
    expect((await validate((await register(newEmail())).token)).http).toBe(200);
  });

  it('answers a repeated submission (same command id) with the earlier account', async () => {
    const email = newEmail();
    const body = registration(email);
    const headers = { 'x-command-id': `register-${randomUUID()}` };
    const first = await liveMarket().post<RegisterResult>('/api/user/register', body, headers);
    const again = await liveMarket().post<RegisterResult>('/api/user/register', body, headers);
    if (first.body.status !== 'success' || again.body.status !== 'success')
      throw new Error('register failed');
    expect(again.body).toEqual(first.body);
    const id = (await liveMarket().accounts.ownerOf(email)) as string;
    const stream = await liveMarket().eventStore.readStream(`user-${id}`);
    expect(stream.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
    expect(await outbox(email)).toHaveLength(1);
  });

  it.each([
    [{ password: 'short', confirm_password: 'short' }, 'password: Minimum 8 characters'],
    [{ confirm_password: 'something-else' }, 'confirm_password: Passwords not match'],
    [{ email: 'not-an-email' }, 'email: Invalid email format'],
    [{ first_name: '' }, 'first_name: Required!'],
    [{ phone: '12345' }, 'phone: Enter a 10 digit phone number'],
    [{ role: 'admin' }, 'role: Unrecognized key: "role"'],
    [{ first_name: 'A'.repeat(101) }, 'first_name: At most 100 characters'],
    [{ extra: { annual_budget: '12.5.3' } }, 'extra.annual_budget: invalid decimal'],
    [{ extra: { heard_from: 'Press' } }, 'extra: Unrecognized key: "heard_from"'],
  ])('refuses %j with a clear message and writes nothing', async (change, message) => {
    const head = await liveMarket().eventStore.headPosition();
    const { http, body } = await liveMarket().post('/api/user/register', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: newEmail(),
      password: PASSWORD,
      confirm_password: PASSWORD,
      terms: true,
      ...change,
    });
    expect(http).toBe(400);
    expect(body.status).toBe('error');
    expect(body.data.message).toBe(message);
    expect(await liveMarket().writtenSince(head)).toEqual([]);
  });
});

describe('sign-in and session', () => {
  it('signs in with the right password only, with one message for a wrong password or an unknown e-mail', async () => {
    const { email, id } = await register();
    const wrong = await liveMarket().post('/api/user/login', { email, password: 'not-the-password' });
    const unknown = await liveMarket().post('/api/user/login', { email: newEmail(), password: PASSWORD });
    expect([wrong.http, unknown.http]).toEqual([400, 400]);
    expect(wrong.body.data.message).toBe('Invalid email or password');
    expect(unknown.body.data.message).toBe('Invalid email or password');
    const { body } = await liveMarket().post<LoginResult>('/api/user/login', {
      email: ` ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    if (body.status !== 'success') throw new Error(body.data.message);
    expect(body.data.responseData.id).toBe(id);
    const validated = await validate(body.data.responseData.token);
    expect(validated.body).toMatchObject({ status: 'success', data: { responseData: { id, email } } });
  });

  it('answers 403 to a missing, malformed or forged token', async () => {
    const { token } = await register();
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const headers of [{}, bearer('nonsense'), bearer(forged), { authorization: token }]) {
      const { http, body } = await liveMarket().post('/api/user/validateUser', {}, headers);
      expect(http).toBe(403);
      expect(body.data.responseType).toBe(403);
    }
  });

  it('logs out one session: its token is refused, another session goes on', async () => {
    const { email, token } = await register();
    const other = await liveMarket().post<LoginResult>('/api/user/login', { email, password: PASSWORD });
    if (other.body.status !== 'success') throw new Error(other.body.data.message);
    const out = await liveMarket().post('/api/user/logout', {}, bearer(token));
    expect(out.body).toMatchObject({ status: 'success', data: { message: 'Logged out successfully' } });
    expect((await validate(token)).http).toBe(403);
    expect((await validate(other.body.data.responseData.token)).http).toBe(200);
  });

  it('ends the sessions of a deactivated user and refuses their sign-in until reactivated', async () => {
    const { email, id, token } = await register();
    expect((await liveMarket().post('/api/admin/user/changeStatus', { id, status: 'deactivate' })).http).toBe(
      403,
    );
    await liveMarket().post('/api/admin/user/changeStatus', { id, status: 'deactivate' }, liveMarket().admin);
    expect((await validate(token)).http).toBe(403);
    // The right and a wrong password get the same answer: nothing tells the account is deactivated.
    const refused = await liveMarket().post('/api/user/login', { email, password: PASSWORD });
    const wrong = await liveMarket().post('/api/user/login', { email, password: 'not-the-password' });
    expect(refused).toEqual(wrong);
    expect(refused).toMatchObject({ http: 400, body: { data: { message: 'Invalid email or password' } } });
    await liveMarket().post('/api/admin/user/changeStatus', { id, status: 'active' }, liveMarket().admin);
    const back = await liveMarket().post<LoginResult>('/api/user/login', { email, password: PASSWORD });
    expect(back.http).toBe(200);
    // A token issued before the deactivation stays dead after the reactivation.
    expect((await validate(token)).http).toBe(403);
    if (back.body.status !== 'success') throw new Error(back.body.data.message);
    expect((await validate(back.body.data.responseData.token)).http).toBe(200);
  });

  it('refuses a forced-out session everything, validateUser included (403), and lets a new sign-in in', async () => {
    const { email, id, token } = await register();
    await liveMarket().post('/api/admin/user/forceLogout', { id }, liveMarket().admin);
    const validated = await validate(token);
    expect(validated).toMatchObject({
      http: 403,
      body: { status: 'error', data: { responseType: 403, message: 'Session expired. Login again' } },
    });
    expect(JSON.stringify(validated.body)).not.toContain(email);
    const update = await liveMarket().post('/api/user/updateProfile', { first_name: 'Ada' }, bearer(token));
    expect(update.http).toBe(403);
    const again = await liveMarket().post<LoginResult>('/api/user/login', { email, password: PASSWORD });
    if (again.body.status !== 'success') throw new Error(again.body.data.message);
    expect((await validate(again.body.data.responseData.token)).body).toMatchObject({
      data: { responseData: { force_logout: 0 } },
    });
  });

  it('limits sign-in attempts per address and client', async () => {
    const email = newEmail();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await liveMarket().post('/api/user/login', { email, password: 'guess-number-x' })).http);
    }
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

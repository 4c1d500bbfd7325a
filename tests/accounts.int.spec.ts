import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  type LoginResult,
  type OutboxMessage,
  type RegisterResult,
  type UserRecord,
} from '@wine/contracts';
import { START } from '@wine/event-schemas';
import { createLogger } from '@wine/platform';
import { rebuildProjection, USERS, usersProjection } from '@wine/projection-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

let market: TestMarketplace;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, rateLimit: 10 });
});
afterAll(async () => {
  await market?.stop();
});

const PASSWORD = 'cellar-door-1982';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const newEmail = () => `taster-${randomUUID().slice(0, 8)}@example.com`;

const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  password: PASSWORD,
  confirm_password: PASSWORD,
  terms: true,
  ...overrides,
});

/** Registers and finishes with the mailed code, as the person would: the new user's session. */
async function register(email = newEmail(), overrides: Record<string, unknown> = {}) {
  const { http, body } = await market.post<RegisterResult>(
    '/api/user/register',
    registration(email, overrides),
  );
  if (body.status !== 'success') throw new Error(`register ${http}: ${body.data.message}`);
  const session = await market.ok<LoginResult>('/api/user/verifyEmailVerifyCode', {
    email,
    code: await market.mailedCode(email),
  });
  return { email, ...session };
}

async function outbox(to: string): Promise<OutboxMessage[]> {
  const { body } = await market.post<{ records: OutboxMessage[] }>('/api/dev/outbox', {}, market.admin);
  if (body.status !== 'success') throw new Error(body.data.message);
  return body.data.responseData.records.filter((m) => m.to === to);
}

const codeIn = (m: OutboxMessage) => m.text.match(/code is (\d{6})/)?.[1] as string;
const linkTokenIn = (m: OutboxMessage, path: string) =>
  m.text.match(new RegExp(`/${path}/([\\w-]+)`))?.[1] as string;

async function validate(token: string) {
  return market.post<UserRecord>('/api/user/validateUser', {}, bearer(token));
}

describe('registration', () => {
  it('creates the account and mails a code and a link; the code signs the user in, nothing before it', async () => {
    const email = newEmail();
    const answer = await market.post<RegisterResult>('/api/user/register', registration(email));
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
    const early = await market.post('/api/user/login', { email, password: PASSWORD });
    expect(early).toMatchObject({ http: 400, body: { data: { message: 'Invalid email or password' } } });
    const { token, id, user } = await market.ok<LoginResult>('/api/user/verifyEmailVerifyCode', {
      email,
      code,
    });
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(user).toMatchObject({ id, email, first_name: 'Ada', email_verified: true, status: 'active' });
    const types = (await market.eventStore.readStream(`user-${id}`)).map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'EmailVerificationSent', 'EmailVerified', 'SignedIn']);
    expect((await market.post('/api/user/login', { email, password: PASSWORD })).http).toBe(200);
  });

  it('answers a registration of an address that has an account exactly as a new one, and mails the owner', async () => {
    const { email } = await register();
    const before = await market.eventStore.headPosition();
    const taken = await market.post(
      '/api/user/register',
      registration(email, { password: 'Other-pass-123', confirm_password: 'Other-pass-123' }),
    );
    const fresh = await market.post('/api/user/register', registration(newEmail()));
    const shape = (r: typeof taken) => ({
      http: r.http,
      status: r.body.status,
      message: r.body.data.message,
    });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken.body.data.responseData).toEqual({ email, session: null });
    // Nothing was written for the taken address; its owner is told, and keeps the password.
    const written = await market.eventStore.readAll({ after: before });
    expect(written.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
    expect((await outbox(email))[0]?.subject).toBe('Someone tried to register with your e-mail');
    expect((await market.post('/api/user/login', { email, password: PASSWORD })).http).toBe(200);
    expect((await market.post('/api/user/login', { email, password: 'Other-pass-123' })).http).toBe(400);
  });

  it('lets a registration never verified be made again (no squatting on an address)', async () => {
    const email = newEmail();
    await market.ok('/api/user/register', registration(email, { first_name: 'Squatter' }));
    const { user } = await register(email);
    expect(user).toMatchObject({ email, first_name: 'Ada', email_verified: true });
  });

  it('keeps the password, the code and the token out of the log and the read models', async () => {
    const { email, token, id } = await register();
    const code = codeIn((await outbox(email))[0] as OutboxMessage);
    const events = JSON.stringify(await market.eventStore.readAll({ after: START, raw: true }));
    expect(events).toContain(id);
    for (const secret of [PASSWORD, token, code]) expect(events).not.toContain(secret);
    for (const name of await market.docs.listCollections()) {
      const docs = JSON.stringify(await market.docs.collection(name).find({}));
      for (const secret of [PASSWORD, token]) expect(docs).not.toContain(secret);
    }
  });

  it('asks the active configured extra questions and keeps the answers', async () => {
    const fields = await market.post<{ fields: { name: string }[] }>('/api/common/getRegistrationFields', {});
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
    await market.ok('/api/user/register', registration(email.toUpperCase(), { first_name: 'Eve' }));
    expect(await market.accounts.ownerOf(email)).toBe(id);
    expect((await validate((await register(newEmail())).token)).http).toBe(200);
  });

  it('answers a repeated submission (same command id) with the earlier account', async () => {
    const email = newEmail();
    const body = registration(email);
    const headers = { 'x-command-id': `register-${randomUUID()}` };
    const first = await market.post<RegisterResult>('/api/user/register', body, headers);
    const again = await market.post<RegisterResult>('/api/user/register', body, headers);
    if (first.body.status !== 'success' || again.body.status !== 'success')
      throw new Error('register failed');
    expect(again.body).toEqual(first.body);
    const id = (await market.accounts.ownerOf(email)) as string;
    const stream = await market.eventStore.readStream(`user-${id}`);
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
    const head = await market.eventStore.headPosition();
    const { http, body } = await market.post('/api/user/register', {
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
    expect(await market.eventStore.headPosition()).toBe(head);
  });
});

describe('sign-in and session', () => {
  it('signs in with the right password only, with one message for a wrong password or an unknown e-mail', async () => {
    const { email, id } = await register();
    const wrong = await market.post('/api/user/login', { email, password: 'not-the-password' });
    const unknown = await market.post('/api/user/login', { email: newEmail(), password: PASSWORD });
    expect([wrong.http, unknown.http]).toEqual([400, 400]);
    expect(wrong.body.data.message).toBe('Invalid email or password');
    expect(unknown.body.data.message).toBe('Invalid email or password');
    const { body } = await market.post<LoginResult>('/api/user/login', {
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
      const { http, body } = await market.post('/api/user/validateUser', {}, headers);
      expect(http).toBe(403);
      expect(body.data.responseType).toBe(403);
    }
  });

  it('logs out one session: its token is refused, another session goes on', async () => {
    const { email, token } = await register();
    const other = await market.post<LoginResult>('/api/user/login', { email, password: PASSWORD });
    if (other.body.status !== 'success') throw new Error(other.body.data.message);
    const out = await market.post('/api/user/logout', {}, bearer(token));
    expect(out.body).toMatchObject({ status: 'success', data: { message: 'Logged out successfully' } });
    expect((await validate(token)).http).toBe(403);
    expect((await validate(other.body.data.responseData.token)).http).toBe(200);
  });

  it('ends the sessions of a deactivated user and refuses their sign-in until reactivated', async () => {
    const { email, id, token } = await register();
    expect((await market.post('/api/admin/user/changeStatus', { id, status: 'deactivate' })).http).toBe(403);
    await market.post('/api/admin/user/changeStatus', { id, status: 'deactivate' }, market.admin);
    expect((await validate(token)).http).toBe(403);
    // The right and a wrong password get the same answer: nothing tells the account is deactivated.
    const refused = await market.post('/api/user/login', { email, password: PASSWORD });
    const wrong = await market.post('/api/user/login', { email, password: 'not-the-password' });
    expect(refused).toEqual(wrong);
    expect(refused).toMatchObject({ http: 400, body: { data: { message: 'Invalid email or password' } } });
    await market.post('/api/admin/user/changeStatus', { id, status: 'active' }, market.admin);
    const back = await market.post<LoginResult>('/api/user/login', { email, password: PASSWORD });
    expect(back.http).toBe(200);
    // A token issued before the deactivation stays dead after the reactivation.
    expect((await validate(token)).http).toBe(403);
    if (back.body.status !== 'success') throw new Error(back.body.data.message);
    expect((await validate(back.body.data.responseData.token)).http).toBe(200);
  });

  it('refuses a forced-out session everything, validateUser included (403), and lets a new sign-in in', async () => {
    const { email, id, token } = await register();
    await market.post('/api/admin/user/forceLogout', { id }, market.admin);
    const validated = await validate(token);
    expect(validated).toMatchObject({
      http: 403,
      body: { status: 'error', data: { responseType: 403, message: 'Session expired. Login again' } },
    });
    expect(JSON.stringify(validated.body)).not.toContain(email);
    const update = await market.post('/api/user/updateProfile', { first_name: 'Ada' }, bearer(token));
    expect(update.http).toBe(403);
    const again = await market.post<LoginResult>('/api/user/login', { email, password: PASSWORD });
    if (again.body.status !== 'success') throw new Error(again.body.data.message);
    expect((await validate(again.body.data.responseData.token)).body).toMatchObject({
      data: { responseData: { force_logout: 0 } },
    });
  });

  it('limits sign-in attempts per address and client', async () => {
    const email = newEmail();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await market.post('/api/user/login', { email, password: 'guess-number-x' })).http);
    }
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed code, once; a wrong code, or a code for another address, is refused', async () => {
    const email = newEmail();
    await market.ok('/api/user/register', registration(email));
    const code = codeIn((await outbox(email))[0] as OutboxMessage);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await market.post('/api/user/verifyEmailVerifyCode', { email, code: wrong });
    expect(refused).toMatchObject({ http: 400, body: { data: { message: 'Invalid or expired code' } } });
    const elsewhere = await market.post('/api/user/verifyEmailVerifyCode', { email: newEmail(), code });
    expect(elsewhere.body).toEqual(refused.body);
    const ok = await market.ok<LoginResult>('/api/user/verifyEmailVerifyCode', { email, code });
    expect(ok.user.email_verified).toBe(true);
    expect((await market.post('/api/user/verifyEmailVerifyCode', { email, code })).http).toBe(400);
    expect((await market.post('/api/user/sendEmailVerifyCode', {}, bearer(ok.token))).body.data.message).toBe(
      'E-mail already verified',
    );
  });

  it('sends a registration a new code, and answers the same for any other address', async () => {
    const email = newEmail();
    await market.ok('/api/user/register', registration(email));
    const resent = await market.post('/api/user/sendEmailVerifyCode', { email });
    const unknown = await market.post('/api/user/sendEmailVerifyCode', { email: newEmail() });
    const verified = await market.post('/api/user/sendEmailVerifyCode', { email: (await register()).email });
    expect(unknown).toEqual(resent);
    expect(verified).toEqual(resent);
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    const code = codeIn(mails[0] as OutboxMessage);
    expect((await market.post('/api/user/verifyEmailVerifyCode', { email, code })).http).toBe(200);
  });

  it('stops guessing after five wrong codes, until a new code is sent', async () => {
    const email = newEmail();
    await market.ok('/api/user/register', registration(email));
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await market.post('/api/user/verifyEmailVerifyCode', { email, code: '999999' })).http);
    }
    expect(answers.slice(0, 5).every((s) => s === 400 || s === 200)).toBe(true);
    expect(answers[5]).toBe(429);
  });

  it('verifies with the mailed link, which works once, and the user can then sign in', async () => {
    const email = newEmail();
    await market.ok('/api/user/register', registration(email));
    const link = linkTokenIn((await outbox(email))[0] as OutboxMessage, 'verify_email');
    expect((await market.post('/api/user/verifyEmail', { token: link })).http).toBe(200);
    const { token } = await market.ok<LoginResult>('/api/user/login', { email, password: PASSWORD });
    expect((await validate(token)).body).toMatchObject({ data: { responseData: { email_verified: true } } });
    const again = await market.post('/api/user/verifyEmail', { token: link });
    expect(again.body.data.message).toBe('Invalid or expired link');
  });
});

describe('password reset', () => {
  it('answers the same for an unknown address and mails nothing', async () => {
    const email = newEmail();
    const { body } = await market.post('/api/user/forgotPassword', { email });
    expect(body).toMatchObject({
      status: 'success',
      data: { message: 'If that e-mail has an account, a reset link is on its way' },
    });
    expect(await outbox(email)).toEqual([]);
  });

  it('resets with the mailed link once, ends the sessions issued before, and swaps the passwords', async () => {
    const { email, token } = await register();
    await market.post('/api/user/forgotPassword', { email });
    const mail = (await outbox(email)).find((m) => m.subject === 'Reset your password') as OutboxMessage;
    const reset = linkTokenIn(mail, 'reset_password');
    const fresh = 'a-new-cellar-key-2026';
    const done = await market.post('/api/user/resetPassword', {
      token: reset,
      password: fresh,
      confirm_password: fresh,
    });
    expect(done.body.data.message).toBe('Password changed. Login with your new password');
    expect((await validate(token)).http).toBe(403);
    expect((await market.post('/api/user/login', { email, password: PASSWORD })).http).toBe(400);
    expect((await market.post('/api/user/login', { email, password: fresh })).http).toBe(200);
    const reuse = await market.post('/api/user/resetPassword', {
      token: reset,
      password: fresh,
      confirm_password: fresh,
    });
    expect(reuse.body.data.message).toBe('Invalid or expired link');
  });
});

describe('profile', () => {
  it('keeps the user’s address with the seeds’ address fields', async () => {
    const { token } = await register();
    const saved = await market.post<UserRecord>(
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
    const bad = await market.post(
      '/api/user/userAddress',
      { address1: 'x', city: 'y', state: 'IL', zip: 'ABCDE' },
      bearer(token),
    );
    expect(bad.body.data.message).toBe('zip: Enter a 5 digit ZIP code');
  });

  it('acknowledges the welcome popup and updates the caller’s own profile only', async () => {
    const ada = await register();
    const bob = await register(newEmail(), { first_name: 'Bob' });
    expect(ada.user.popup_message).toBe(1);
    const ack = await market.post<UserRecord>(
      '/api/user/updateProfile',
      { popup_message: 0 },
      bearer(ada.token),
    );
    expect(ack.body).toMatchObject({ data: { responseData: { popup_message: 0 } } });
    // No action takes a user id: the token names the user. Naming another is refused as an unknown field.
    const cross = await market.post(
      '/api/user/updateProfile',
      { id: bob.id, first_name: 'Mallory' },
      bearer(ada.token),
    );
    expect(cross.http).toBe(400);
    expect((await validate(bob.token)).body).toMatchObject({ data: { responseData: { first_name: 'Bob' } } });
    const renamed = await market.post<UserRecord>(
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
    await register();
    await market.caughtUp();
    const live = await market.docs.collection(USERS).find({}, { sort: { _id: 1 } });
    expect(live.length).toBeGreaterThan(5);
    for (const doc of live) {
      for (const key of Object.keys(doc))
        expect(key).not.toMatch(/^(password|password_hash|hash|salt|token|code)$/i);
    }
    expect(JSON.stringify(live)).not.toContain(PASSWORD);
    await rebuildProjection({
      eventStore: market.eventStore,
      docs: market.docs,
      projection: usersProjection,
      clock: { now: () => new Date() },
      logger: createLogger('silent'),
      runner: market.runner,
    });
    expect(await market.docs.collection(USERS).find({}, { sort: { _id: 1 } })).toEqual(live);
  });
});

describe('cards on file (sandbox provider)', () => {
  const visa = {
    card_number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: 2030,
    cvv: '123',
    name_on_card: 'Ada Lovelace',
  };
  const mastercard = { ...visa, card_number: '5555555555554444' };
  type Cards = {
    data: { id: string; last4: string; is_default: boolean; exp_year: number }[];
    has_more: boolean;
  };

  it('adds a card: the list shows brand and last four, the first card is the default, the number is kept nowhere', async () => {
    const { token } = await register();
    const empty = await market.post<Cards>('/api/user/getSkyflowCredit', {}, bearer(token));
    expect(empty.body).toMatchObject({ data: { responseData: { data: [], has_more: false } } });
    const added = await market.post<Cards>('/api/user/addSkyflowCredit', visa, bearer(token));
    expect(added.body).toMatchObject({
      status: 'success',
      data: {
        message: 'Card added',
        responseData: { data: [{ brand: 'visa', last4: '4242', is_default: true }] },
      },
    });
    expect((await validate(token)).body).toMatchObject({ data: { responseData: { card_on_file: true } } });
    const log = JSON.stringify(await market.eventStore.readAll({ raw: true }));
    expect(log).not.toContain('4242424242424242');
    expect(log).not.toMatch(/card_sbx_/);
  });

  it('shows a declined card’s message cut at REF and records nothing', async () => {
    const { token, id } = await register();
    const { http, body } = await market.post(
      '/api/user/addSkyflowCredit',
      { ...visa, card_number: '4000000000000002' },
      bearer(token),
    );
    expect(http).toBe(402);
    expect(body.data.message).toBe('Your card was declined.');
    const stream = await market.eventStore.readStream(`user-${id}`);
    expect(stream.some((e) => e.type === 'CardAdded')).toBe(false);
  });

  it('moves the default, hands it on when the default is removed, and updates an expiry', async () => {
    const { token } = await register();
    await market.post('/api/user/addSkyflowCredit', visa, bearer(token));
    const two = await market.post<Cards>('/api/user/addSkyflowCredit', mastercard, bearer(token));
    if (two.body.status !== 'success') throw new Error(two.body.data.message);
    const [first, second] = two.body.data.responseData.data as [Cards['data'][0], Cards['data'][0]];
    expect([first.is_default, second.is_default]).toEqual([true, false]);
    const moved = await market.post<Cards>('/api/user/defaultSkyflowCard', { id: second.id }, bearer(token));
    expect(moved.body).toMatchObject({
      data: { responseData: { data: [{ is_default: false }, { is_default: true }] } },
    });
    const removed = await market.post<Cards>(
      '/api/user/deleteSkyflowCredit',
      { id: second.id },
      bearer(token),
    );
    expect(removed.body).toMatchObject({
      data: { responseData: { data: [{ id: first.id, is_default: true }] } },
    });
    const updated = await market.post<Cards>(
      '/api/user/updateSkyflowCredit',
      { id: first.id, exp_month: 6, exp_year: 2031, name_on_card: 'Ada King' },
      bearer(token),
    );
    expect(updated.body).toMatchObject({
      data: { responseData: { data: [{ exp_year: 2031, name_on_card: 'Ada King' }] } },
    });
    const expired = await market.post(
      '/api/user/updateSkyflowCredit',
      { id: first.id, exp_month: 1, exp_year: 2020, name_on_card: 'Ada King' },
      bearer(token),
    );
    expect(expired.body.data.message).toBe('Your card has expired.');
  });

  it('lets no user touch another user’s card', async () => {
    const ada = await register();
    const bob = await register();
    const added = await market.post<Cards>('/api/user/addSkyflowCredit', visa, bearer(ada.token));
    if (added.body.status !== 'success') throw new Error(added.body.data.message);
    const cardId = added.body.data.responseData.data[0]?.id as string;
    const attempt = await market.post('/api/user/deleteSkyflowCredit', { id: cardId }, bearer(bob.token));
    expect(attempt.http).toBe(404);
    expect(attempt.body.data.message).toBe('Card not found');
    const still = await market.post<Cards>('/api/user/getSkyflowCredit', {}, bearer(ada.token));
    expect(still.body).toMatchObject({ data: { responseData: { data: [{ id: cardId }] } } });
  });

  it('refuses a malformed card with the field named', async () => {
    const { token } = await register();
    const { http, body } = await market.post(
      '/api/user/addSkyflowCredit',
      { ...visa, card_number: '4242-abcd' },
      bearer(token),
    );
    expect(http).toBe(400);
    expect(body.data.message).toBe('card_number: Enter a valid card number');
  });
});

describe('account change and notifications', () => {
  it('changes the password with the current one: other sessions end, this one goes on with a new token', async () => {
    const { email, token } = await register();
    const other = await market.post<LoginResult>('/api/user/login', { email, password: PASSWORD });
    if (other.body.status !== 'success') throw new Error(other.body.data.message);
    const fresh = 'another-cellar-key-77';
    const wrong = await market.post(
      '/api/user/changePassword',
      { current_password: 'not-it-at-all', password: fresh, confirm_password: fresh },
      bearer(token),
    );
    expect(wrong.body.data.message).toBe('Current password is not correct');
    const changed = await market.post<LoginResult>(
      '/api/user/changePassword',
      { current_password: PASSWORD, password: fresh, confirm_password: fresh },
      bearer(token),
    );
    if (changed.body.status !== 'success') throw new Error(changed.body.data.message);
    expect(changed.body.data.message).toBe('Password changed');
    expect((await validate(other.body.data.responseData.token)).http).toBe(403);
    expect((await validate(token)).http).toBe(403);
    expect((await validate(changed.body.data.responseData.token)).http).toBe(200);
    expect((await market.post('/api/user/login', { email, password: fresh })).http).toBe(200);
  });

  it('saves notification preferences', async () => {
    const { token } = await register();
    const prefs = {
      email_notifications: false,
      sms_notifications: true,
      outbid_alerts: true,
      closing_reminders: false,
    };
    const saved = await market.post<UserRecord>('/api/user/updatePreference', prefs, bearer(token));
    expect(saved.body).toMatchObject({
      data: { message: 'Preferences saved', responseData: { preferences: prefs } },
    });
    expect((await validate(token)).body).toMatchObject({ data: { responseData: { preferences: prefs } } });
  });
});

describe('switch user', () => {
  it('lets an admin act as a user, and every event it writes names the admin acting as that user', async () => {
    const { id } = await register();
    expect((await market.post('/api/user/switchuser', { id })).http).toBe(403);
    const switched = await market.post<LoginResult>('/api/user/switchuser', { id }, market.admin);
    if (switched.body.status !== 'success') throw new Error(switched.body.data.message);
    const token = switched.body.data.responseData.token;
    expect((await validate(token)).body).toMatchObject({ data: { responseData: { id } } });
    await market.post('/api/user/updateProfile', { last_name: 'Byron' }, bearer(token));
    const stream = await market.eventStore.readStream(`user-${id}`);
    const updated = stream.find((e) => e.type === 'ProfileUpdated');
    expect(updated?.metadata.actor).toEqual({ kind: 'admin', id: market.adminUser.id, actingAs: id });
    const signedIn = stream.filter((e) => e.type === 'SignedIn').at(-1);
    expect(signedIn?.metadata.actor).toEqual({ kind: 'admin', id: market.adminUser.id, actingAs: id });
    expect((await market.post('/api/user/switchuser', { id: 'nobody-here' }, market.admin)).http).toBe(404);
  });
});

describe('phone verification (SMS port, embedded outbox)', () => {
  it('texts a code to the phone on the profile, verifies it, and unverifies a changed number', async () => {
    const { token } = await register();
    const none = await market.post('/api/user/sendPhoneVerifyCode', {}, bearer(token));
    expect(none.body.data.message).toBe('Add a phone number to your profile first');
    const phone = `312555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await market.post('/api/user/updateProfile', { phone }, bearer(token));
    const sent = await market.post('/api/user/sendPhoneVerifyCode', {}, bearer(token));
    expect(sent.body.data.message).toBe('Verification code sent by text message');
    const [text] = await outbox(`+1${phone}`);
    expect(text?.subject).toBe('Text message');
    const code = text?.text.match(/code is (\d{6})/)?.[1] as string;
    const verified = await market.post<UserRecord>(
      '/api/user/verifyPhoneVerifyCode',
      { code },
      bearer(token),
    );
    expect(verified.body).toMatchObject({
      data: { message: 'Phone verified', responseData: { phone_verified: true } },
    });
    const events = JSON.stringify(await market.eventStore.readAll({ raw: true }));
    expect(events).not.toContain(`code is ${code}`);
    const changed = await market.post<UserRecord>(
      '/api/user/updateProfile',
      { phone: '3125550199' },
      bearer(token),
    );
    expect(changed.body).toMatchObject({ data: { responseData: { phone_verified: false } } });
  });
});

describe('identity check (KYC port, sandbox) and bid limits', () => {
  const address = { address1: '1 Wacker Dr', city: 'Chicago', state: 'IL', zip: '60601' };

  it('records the sandbox outcome without the personal data, and refuses anyone under 21', async () => {
    const approved = await register();
    const ok = await market.post<UserRecord>(
      '/api/user/runKycCheck',
      { date_of_birth: '1980-02-29', ...address },
      bearer(approved.token),
    );
    expect(ok.body).toMatchObject({ data: { responseData: { kyc_status: 'approved' } } });
    const log = JSON.stringify(await market.eventStore.readStream(`user-${approved.id}`));
    expect(log).not.toContain('1980-02-29');
    expect(log).not.toContain('Wacker');

    const review = await register(newEmail(), { last_name: 'Review' });
    const held = await market.post<UserRecord>(
      '/api/user/runKycCheck',
      { date_of_birth: '1980-01-01', ...address },
      bearer(review.token),
    );
    expect(held.body).toMatchObject({ data: { responseData: { kyc_status: 'review' } } });

    const young = await market.post(
      '/api/user/runKycCheck',
      { date_of_birth: '2010-01-01', ...address },
      bearer(approved.token),
    );
    expect(young.body.data.message).toBe('You must be 21 or older to bid or buy wine');
  });

  it('lets a bidder ask for a higher limit and an admin approve it', async () => {
    const { token, id } = await register();
    const asked = await market.post<UserRecord>(
      '/api/user/requestBidLimit',
      { amount: 2_500_000 },
      bearer(token),
    );
    expect(asked.body).toMatchObject({
      data: { responseData: { bid_limit_requested: 2_500_000, bid_limit: null } },
    });
    expect((await market.post('/api/user/approveBidLimitRequest', { id })).http).toBe(403);
    await market.post('/api/user/approveBidLimitRequest', { id }, market.admin);
    expect((await validate(token)).body).toMatchObject({
      data: { responseData: { bid_limit: 2_500_000, bid_limit_requested: null } },
    });
    const lower = await market.post('/api/user/requestBidLimit', { amount: 1_000_000 }, bearer(token));
    expect(lower.body.data.message).toBe('Ask for more than your current bid limit');
  });
});

describe('company owners', () => {
  it('adds, updates and removes the owners of a business account, never over 100% together', async () => {
    const { token } = await register();
    type Owners = { records: { id: string; name: string; ownership_percent: number }[] };
    const first = await market.post<Owners>(
      '/api/user/addCompanyOwner',
      { name: 'Ada Lovelace', title: 'CEO', ownership_percent: 60 },
      bearer(token),
    );
    if (first.body.status !== 'success') throw new Error(first.body.data.message);
    const ownerId = first.body.data.responseData.records[0]?.id as string;
    await market.post(
      '/api/user/addCompanyOwner',
      { name: 'Charles Babbage', ownership_percent: 40 },
      bearer(token),
    );
    const over = await market.post(
      '/api/user/addCompanyOwner',
      { name: 'Third', ownership_percent: 1 },
      bearer(token),
    );
    expect(over.body.data.message).toBe('Owners cannot hold more than 100% together');
    await market.post(
      '/api/user/updateCompanyOwner',
      { id: ownerId, name: 'Ada King', title: 'CEO', ownership_percent: 50 },
      bearer(token),
    );
    await market.post('/api/user/removeCompanyOwner', { id: ownerId }, bearer(token));
    const list = await market.post<Owners>('/api/getCompanyOwners', {}, bearer(token));
    expect(list.body).toMatchObject({
      data: { responseData: { records: [{ name: 'Charles Babbage', ownership_percent: 40 }] } },
    });
    const other = await register();
    const theirs = await market.post<Owners>('/api/getCompanyOwners', {}, bearer(other.token));
    expect(theirs.body).toMatchObject({ data: { responseData: { records: [] } } });
  });
});

describe('invitations', () => {
  it('invites an address; the link shows the details and registering with it verifies the address at once', async () => {
    const email = newEmail();
    const invite = { email, first_name: 'Grace', last_name: 'Hopper' };
    expect((await market.post('/api/admin/user/invite', invite)).http).toBe(403);
    const sent = await market.post('/api/admin/user/invite', invite, market.admin);
    expect(sent.body.data.message).toBe('Invitation sent');
    const [mail] = await outbox(email);
    const token = mail?.text.match(/\/invite\?token=([\w-]+)/)?.[1] as string;
    const details = await market.post('/api/getInviteDetails', { token });
    expect(details.body).toMatchObject({ data: { responseData: invite } });
    const { session } = await market.ok<RegisterResult>(
      '/api/user/register',
      registration(email, { first_name: 'Grace', last_name: 'Hopper', invite_token: token }),
    );
    if (!session) throw new Error('an invitation signs the new user in');
    const { user, id } = session;
    const types = (await market.eventStore.readStream(`user-${id}`)).map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'EmailVerified']);
    expect(user.email_verified).toBe(true);
    expect((await outbox(email)).map((m) => m.subject)).toEqual(['You are invited to Fine Wine Auction']);
    const used = await market.post('/api/getInviteDetails', { token });
    expect(used.body.data.message).toBe('Invalid or expired link');
    const again = await market.post('/api/admin/user/invite', invite, market.admin);
    expect(again.http).toBe(409);
  });
});

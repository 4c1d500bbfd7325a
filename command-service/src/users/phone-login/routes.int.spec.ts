import { actions, type LoginResult, type UserRecord } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';
import { secretKinds } from '../user-service.ts';
import { phoneIndex } from './phone-index.ts';
import { LOGIN_CODE_MINUTES } from './phone-login-service.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

/** The index as the service keys it (the test service's secret). */
const index = () =>
  phoneIndex({ secrets: service.secrets, profileSecret: 'a-session-secret-of-at-least-32-characters' });

let numbers = 0;
/** A number of its own for each test (5550100, 5550101, …). */
const newNumber = () => `312555${String(100 + numbers++).padStart(4, '0')}`;

const textsTo = async (phone: string) =>
  ((await service.mailer.outbox?.({ to: `+1${phone}` })) ?? []).map((m) => m.text);
const codeIn = (text: string | undefined) => text?.match(/code is (\d{6})/)?.[1] as string;

/** A signed-up user whose phone is `phone`, verified by the code texted to it. */
async function withVerifiedPhone(email: string, phone: string) {
  const user = await service.signUp(email);
  await service.post(actions.updateProfile.path, { phone }, { token: user.token });
  const sent = await service.post(actions.sendPhoneVerifyCode.path, {}, { token: user.token });
  expect(sent.status).toBe(200);
  const code = codeIn((await textsTo(phone))[0]);
  const verified = await service.post<UserRecord>(
    actions.verifyPhoneVerifyCode.path,
    { code },
    { token: user.token },
  );
  expect(verified.body.data.responseData.phone_verified).toBe(true);
  return user;
}

const askCode = (phone: string) => service.post(actions.sendPhoneLoginCode.path, { phone });
const signIn = (phone: string, code: string) =>
  service.post<LoginResult>(actions.verifyPhoneLoginCode.path, { phone, code });

describe('sign-in by a code texted to a verified phone', () => {
  it('texts a code to a verified phone; the phone and the code sign in as login does', async () => {
    const phone = newNumber();
    const ann = await withVerifiedPhone('ann@phone-login.example', phone);
    const asked = await askCode(`(312) ${phone.slice(3, 6)}-${phone.slice(6)}`);
    expect(asked.status).toBe(200);
    expect(asked.body.data.message).toBe(
      'If this number belongs to an account with a verified phone, a sign-in code is on its way by text message',
    );
    const [text] = await textsTo(phone);
    expect(text).toMatch(
      /^Fine Wine Auction: your sign-in code is \d{6}\. It expires in 10 minutes\. If you did not ask for it, ignore this message\.$/,
    );
    const answer = await signIn(phone, codeIn(text));
    expect(answer.status).toBe(200);
    const session = answer.body.data.responseData;
    expect(session).toMatchObject({ id: ann.id, user: { id: ann.id, email: ann.email } });
    const me = await service.post<UserRecord>(actions.validateUser.path, {}, { token: session.token });
    expect(me.body.data.responseData.id).toBe(ann.id);
    // One use: the same code again is refused.
    expect((await signIn(phone, codeIn(text))).body.data.code).toBe('CODE_INVALID');
  });

  it('keeps the code out of the log and the secret store: only its hash, and a SignedIn', async () => {
    const phone = newNumber();
    const bob = await withVerifiedPhone('bob@phone-login.example', phone);
    await askCode(phone);
    const code = codeIn((await textsTo(phone))[0]);
    const events = await service.service.streams.store.readStream(userStream(bob.id));
    expect(JSON.stringify(events)).not.toContain(code);
    const kept = await service.secrets.get<string>(
      secretKinds.phoneLoginCode,
      index().keyOf({ countryCode: '+1', phone }),
    );
    expect(kept).toMatch(/^[0-9a-f]{64}$/);
    expect(kept).not.toContain(code);
    await signIn(phone, code);
    const after = await service.service.streams.store.readStream(userStream(bob.id));
    expect(after.slice(events.length).map((e) => e.type)).toEqual(['SignedIn']);
    expect(JSON.stringify(after)).not.toContain(code);
  });

  it('answers a number with no account as one with an account, and texts it nothing', async () => {
    const phone = newNumber();
    const asked = await askCode(phone);
    expect(asked.status).toBe(200);
    expect(asked.body.data.message).toBe(
      'If this number belongs to an account with a verified phone, a sign-in code is on its way by text message',
    );
    expect(await textsTo(phone)).toEqual([]);
    const guess = await signIn(phone, '123456');
    expect(guess.status).toBe(400);
    expect(guess.body.data).toMatchObject({ code: 'CODE_INVALID', responseData: { field: 'code' } });
  });

  it('texts nothing to a number on a profile but never verified', async () => {
    const phone = newNumber();
    const cy = await service.signUp('cy@phone-login.example');
    await service.post(actions.updateProfile.path, { phone }, { token: cy.token });
    expect((await askCode(phone)).status).toBe(200);
    expect(await textsTo(phone)).toEqual([]);
  });

  it('takes 5 guesses at a code, then none, even the right one', async () => {
    const phone = newNumber();
    await withVerifiedPhone('di@phone-login.example', phone);
    await askCode(phone);
    const code = codeIn((await textsTo(phone))[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) guesses.push((await signIn(phone, wrong)).body.data.code);
    expect(guesses).toEqual(Array(5).fill('CODE_INVALID'));
    const sixth = await signIn(phone, code);
    expect(sixth.status).toBe(429);
    expect(sixth.body.data.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses a code past its minutes', async () => {
    const phone = newNumber();
    await withVerifiedPhone('ed@phone-login.example', phone);
    await askCode(phone);
    const code = codeIn((await textsTo(phone))[0]);
    service.clock.advance(LOGIN_CODE_MINUTES * 60_000 + 1);
    expect((await signIn(phone, code)).body.data.code).toBe('CODE_INVALID');
  });

  it('texts the account that verified the number last, not the one that held it before', async () => {
    const phone = newNumber();
    await withVerifiedPhone('fay@phone-login.example', phone);
    const gil = await withVerifiedPhone('gil@phone-login.example', phone);
    await askCode(phone);
    const [latest] = await textsTo(phone);
    const answer = await signIn(phone, codeIn(latest));
    expect(answer.body.data.responseData.id).toBe(gil.id);
  });

  it('indexes a number verified before sign-in by code existed at its holder’s next password sign-in', async () => {
    const phone = newNumber();
    const ivy = await withVerifiedPhone('ivy@phone-login.example', phone);
    await service.secrets.delete(secretKinds.phoneOwner, index().keyOf({ countryCode: '+1', phone }));
    await askCode(phone);
    expect((await textsTo(phone)).filter((t) => t.includes('sign-in code'))).toEqual([]);
    const login = await service.post(actions.login.path, { email: ivy.email, password: ivy.password });
    expect(login.status).toBe(200);
    await askCode(phone);
    const [text] = await textsTo(phone);
    expect((await signIn(phone, codeIn(text))).body.data.responseData.id).toBe(ivy.id);
  });

  it('texts one number at most 5 codes an hour, whether or not it has an account', async () => {
    const known = newNumber();
    await withVerifiedPhone('hal@phone-login.example', known);
    const unknown = newNumber();
    for (const phone of [known, unknown]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await askCode(phone)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    expect(await textsTo(unknown)).toEqual([]);
  });

  it('refuses a malformed number or code, naming the field, and writes nothing', async () => {
    const bad = await service.post(actions.sendPhoneLoginCode.path, { phone: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.responseData).toMatchObject({ field: 'phone' });
    const noCode = await service.post(actions.verifyPhoneLoginCode.path, { phone: newNumber(), code: '12' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.data.responseData).toMatchObject({ field: 'code' });
    const extra = await service.post(actions.sendPhoneLoginCode.path, { phone: newNumber(), email: 'x@y.z' });
    expect(extra.status).toBe(400);
  });
});

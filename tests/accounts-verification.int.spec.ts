import type { LoginResult, OutboxMessage, UserRecord } from '@wine/contracts';
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

describe('e-mail verification', () => {
  it('verifies with the mailed code, once; a wrong code, or a code for another address, is refused', async () => {
    const email = newEmail();
    await liveMarket().ok('/api/user/register', registration(email));
    const code = codeIn((await outbox(email))[0] as OutboxMessage);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await liveMarket().post('/api/user/verifyEmailVerifyCode', { email, code: wrong });
    expect(refused).toMatchObject({ http: 400, body: { data: { message: 'Invalid or expired code' } } });
    const elsewhere = await liveMarket().post('/api/user/verifyEmailVerifyCode', { email: newEmail(), code });
    expect(elsewhere.body).toEqual(refused.body);
    const ok = await liveMarket().ok<LoginResult>('/api/user/verifyEmailVerifyCode', { email, code });
    expect(ok.user.email_verified).toBe(true);
    expect((await liveMarket().post('/api/user/verifyEmailVerifyCode', { email, code })).http).toBe(400);
    expect(
      (await liveMarket().post('/api/user/sendEmailVerifyCode', {}, bearer(ok.token))).body.data.message,
    ).toBe('E-mail already verified');
  });

  it('sends a registration a new code, and answers the same for any other address', async () => {
    const email = newEmail();
    await liveMarket().ok('/api/user/register', registration(email));
    const resent = await liveMarket().post('/api/user/sendEmailVerifyCode', { email });
    const unknown = await liveMarket().post('/api/user/sendEmailVerifyCode', { email: newEmail() });
    const verified = await liveMarket().post('/api/user/sendEmailVerifyCode', {
      email: (await register()).email,
    });
    expect(unknown).toEqual(resent);
    expect(verified).toEqual(resent);
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    const code = codeIn(mails[0] as OutboxMessage);
    expect((await liveMarket().post('/api/user/verifyEmailVerifyCode', { email, code })).http).toBe(200);
  });

  it('stops guessing after five wrong codes, until a new code is sent', async () => {
    const email = newEmail();
    await liveMarket().ok('/api/user/register', registration(email));
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (await liveMarket().post('/api/user/verifyEmailVerifyCode', { email, code: '999999' })).http,
      );
    }
    expect(answers.slice(0, 5).every((s) => s === 400 || s === 200)).toBe(true);
    expect(answers[5]).toBe(429);
  });

  it('verifies with the mailed link, which works once, and the user can then sign in', async () => {
    const email = newEmail();
    await liveMarket().ok('/api/user/register', registration(email));
    const link = linkTokenIn((await outbox(email))[0] as OutboxMessage, 'verify_email');
    expect((await liveMarket().post('/api/user/verifyEmail', { token: link })).http).toBe(200);
    const { token } = await liveMarket().ok<LoginResult>('/api/user/login', { email, password: PASSWORD });
    expect((await validate(token)).body).toMatchObject({ data: { responseData: { email_verified: true } } });
    const again = await liveMarket().post('/api/user/verifyEmail', { token: link });
    expect(again.body.data.message).toBe('Invalid or expired link');
  });
});

describe('password reset', () => {
  it('answers the same for an unknown address and mails nothing', async () => {
    const email = newEmail();
    const { body } = await liveMarket().post('/api/user/forgotPassword', { email });
    expect(body).toMatchObject({
      status: 'success',
      data: { message: 'If that e-mail has an account, a reset link is on its way' },
    });
    expect(await outbox(email)).toEqual([]);
  });

  it('resets with the mailed link once, ends the sessions issued before, and swaps the passwords', async () => {
    const { email, token } = await register();
    await liveMarket().post('/api/user/forgotPassword', { email });
    const mail = (await outbox(email)).find((m) => m.subject === 'Reset your password') as OutboxMessage;
    const reset = linkTokenIn(mail, 'reset_password');
    const fresh = 'a-new-cellar-key-2026';
    const done = await liveMarket().post('/api/user/resetPassword', {
      token: reset,
      password: fresh,
      confirm_password: fresh,
    });
    expect(done.body.data.message).toBe('Password changed. Login with your new password');
    expect((await validate(token)).http).toBe(403);
    expect((await liveMarket().post('/api/user/login', { email, password: PASSWORD })).http).toBe(400);
    expect((await liveMarket().post('/api/user/login', { email, password: fresh })).http).toBe(200);
    const reuse = await liveMarket().post('/api/user/resetPassword', {
      token: reset,
      password: fresh,
      confirm_password: fresh,
    });
    expect(reuse.body.data.message).toBe('Invalid or expired link');
  });
});

describe('phone verification (SMS port, embedded outbox)', () => {
  it('texts a code to the phone on the profile, verifies it, and unverifies a changed number', async () => {
    const { token } = await register();
    const none = await liveMarket().post('/api/user/sendPhoneVerifyCode', {}, bearer(token));
    expect(none.body.data.message).toBe('Add a phone number to your profile first');
    const phone = `312555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await liveMarket().post('/api/user/updateProfile', { phone }, bearer(token));
    const sent = await liveMarket().post('/api/user/sendPhoneVerifyCode', {}, bearer(token));
    expect(sent.body.data.message).toBe('Verification code sent by text message');
    const [text] = await outbox(`+1${phone}`);
    expect(text?.subject).toBe('Text message');
    const code = text?.text.match(/code is (\d{6})/)?.[1] as string;
    const verified = await liveMarket().post<UserRecord>(
      '/api/user/verifyPhoneVerifyCode',
      { code },
      bearer(token),
    );
    expect(verified.body).toMatchObject({
      data: { message: 'Phone verified', responseData: { phone_verified: true } },
    });
    const events = JSON.stringify(await liveMarket().eventStore.readAll({ raw: true }));
    expect(events).not.toContain(`code is ${code}`);
    const changed = await liveMarket().post<UserRecord>(
      '/api/user/updateProfile',
      { phone: '3125550199' },
      bearer(token),
    );
    expect(changed.body).toMatchObject({ data: { responseData: { phone_verified: false } } });
  });
});

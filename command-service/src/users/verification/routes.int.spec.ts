import { actions, type LoginResult } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const password = 'cellar-door-1982';
const registration = (first_name: string, email: string) => ({
  first_name,
  last_name: 'Spec',
  email,
  password,
  confirm_password: password,
  terms: true,
});
const mailTo = async (email: string) => {
  const [mail] = (await service.mailer.outbox?.({ to: email })) ?? [];
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
};

describe('e-mail verification', () => {
  it('mails a new registration a code and a link, and the code signs the user in', async () => {
    const email = 'ana@verify.example';
    const registered = await service.post(actions.register.path, registration('Ana', email));
    expect(registered.status).toBe(200);
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Verify your e-mail');
    expect(mail.text).toMatch(
      /^Hello Ana,\n\nYour verification code is \d{6}\. It expires in 15 minutes\.\nOr open this link to verify your e-mail: http:\/\/localhost\/verify_email\/[\w-]{43}$/,
    );
    const code = mail.text.match(/code is (\d{6})/)?.[1];
    const verified = await service.post<LoginResult>(actions.verifyEmailVerifyCode.path, { code, email });
    expect(verified.status).toBe(200);
    expect(verified.body.data.message).toBe('E-mail verified');
    expect(verified.body.data.responseData).toMatchObject({ user: { email, email_verified: true } });
  });

  it('writes the mail in the language of the request that caused it', async () => {
    const email = 'ines@verify.example';
    const registered = await service.post(actions.register.path, registration('Inés', email), {
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(registered.status).toBe(200);
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Verifica tu correo');
    expect(mail.text).toMatch(/^Hola Inés:\n\nTu código de verificación es \d{6}\. Caduca en 15 minutos\.\n/);
  });

  it('refuses a code for an address verified already (ALREADY_VERIFIED), mailing nothing', async () => {
    const bob = await service.signUp('bob@verify.example');
    const answer = await service.post(actions.sendEmailVerifyCode.path, {}, { token: bob.token });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('ALREADY_VERIFIED');
    expect(await service.mailer.outbox?.({ to: bob.email })).toEqual([]);
  });
});

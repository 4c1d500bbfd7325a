import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openOutboxMailer } from '../mailer/outbox.ts';
import { openSmtpMailer } from '../mailer/smtp.ts';
import { openSms, SmsUnavailableError } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'sms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sms port', () => {
  it('keeps text messages in the embedded outbox, addressed to the number', async () => {
    const mailer = openOutboxMailer(join(dir, 'outbox.sqlite'));
    const sms = openSms(mailer);
    expect(sms.available).toBe(true);
    await sms.send({ to: '+13125550100', text: 'Your code is 123456' });
    const [kept] = (await mailer.outbox?.({ to: '+13125550100' })) ?? [];
    expect(kept).toMatchObject({ to: '+13125550100', subject: 'Text message', text: 'Your code is 123456' });
    await mailer.close();
  });

  it('says plainly that no provider is configured when mail goes through SMTP', async () => {
    const mailer = openSmtpMailer('smtp://localhost:2525', 'test@localhost');
    const sms = openSms(mailer);
    expect(sms.available).toBe(false);
    await expect(sms.send({ to: '+13125550100', text: 'x' })).rejects.toBeInstanceOf(SmsUnavailableError);
    await mailer.close();
  });
});

import { join } from 'node:path';
import { type OutboxMailerOptions, openOutboxMailer } from './outbox.ts';
import type { Mailer } from './port.ts';
import { openSmtpMailer } from './smtp.ts';

export { type OutboxMailerOptions, openOutboxMailer } from './outbox.ts';
export type { MailAttachment, Mailer, MailMessage } from './port.ts';
export { openSmtpMailer } from './smtp.ts';

/** No SMTP_URL: the embedded outbox at DATA_DIR/outbox.sqlite, so the demo never mails anyone. */
export function openMailer(
  config: { SMTP_URL?: string | undefined; MAIL_FROM: string; dataDir: string },
  options: OutboxMailerOptions = {},
): Mailer {
  if (config.SMTP_URL) return openSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return openOutboxMailer(join(config.dataDir, 'outbox.sqlite'), options);
}

import { createTransport } from 'nodemailer';
import type { Mailer } from './port.ts';

/**
 * The SMTP mailer, over nodemailer: `url` as nodemailer takes it (`smtp://user:pass@host:587`,
 * `smtps://...`). It connects on the first send, not here. The URL carries credentials: it is
 * never logged. There is no outbox: sent mail is the mail server's to keep.
 */
export function openSmtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(url);
  return {
    async send({ to, subject, text, attachments, headers }) {
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        ...(attachments?.length && { attachments }),
        ...(headers && { headers }),
      });
    },
    async close() {
      transport.close();
    },
  };
}

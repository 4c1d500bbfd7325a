import type { OutboxMessage } from '@wine/contracts';

/**
 * A file sent with a message (a pickup appointment's calendar file): text content as sent, or binary
 * content (a photo) as base64 text with `encoding: 'base64'` (nodemailer's attachment fields).
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /**
   * Header fields of the message beyond the addresses and subject: a marketing mail's
   * `List-Unsubscribe` (RFC 2369), which mail clients show as an unsubscribe button.
   */
  headers?: Record<string, string>;
}

/**
 * The mailer port: how the product sends account mail (verification codes, password resets).
 * Embedded, nothing leaves the machine: messages are kept in an outbox a developer can read.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Only the embedded outbox has one: the kept messages, newest first, at most `limit` (default 50). */
  outbox?: (options?: { to?: string; limit?: number }) => Promise<OutboxMessage[]>;
  close(): Promise<void>;
}

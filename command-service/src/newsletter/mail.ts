import { type Language, tIn } from '@wine/contracts';
import type { MailMessage } from '@wine/platform';

/**
 * Issue 34 "Marketing contacts": every marketing mail the product sends is written here, and each ends
 * with the address's own unsubscribe link (a signed link that takes it off the list without a sign-in),
 * also given as its List-Unsubscribe header.
 */
export function marketingMail(
  language: Language,
  to: string,
  leaveLink: string,
  mail: { subject: string; lines: string[] },
): MailMessage {
  const text = [...mail.lines, '', '--', tIn(language, 'mail.newsletterUnsubscribe', { link: leaveLink })];
  // RFC 2369: mail clients offer the same link as their own unsubscribe button.
  return {
    to,
    subject: mail.subject,
    text: text.join('\n'),
    headers: { 'List-Unsubscribe': `<${leaveLink}>` },
  };
}

/** The double opt-in's mail: the link that confirms the sign-up, in the visitor's language. */
export function confirmationMail(
  language: Language,
  to: string,
  links: { confirm: string; leave: string },
  days: number,
): MailMessage {
  return marketingMail(language, to, links.leave, {
    subject: tIn(language, 'mail.newsletterConfirmSubject'),
    lines: [
      tIn(language, 'mail.newsletterConfirmBody', { link: links.confirm, days }),
      '',
      tIn(language, 'mail.newsletterConfirmIgnore'),
    ],
  });
}

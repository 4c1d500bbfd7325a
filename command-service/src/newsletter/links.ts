import { createHash, createHmac } from 'node:crypto';
import { sameSecret } from '@wine/platform';

/** How long a confirmation link works (a new sign-up mails a new one). */
export const CONFIRM_LINK_DAYS = 7;

/**
 * Issue 34 "Marketing contacts": the newsletter's links, signed so they act without a sign-in and only
 * for the address they were mailed to (as the notifications' unsubscribe-link.ts): an HMAC under a key
 * derived from the session secret, over the contact's id (the hash of its address) and, for a
 * confirmation, the sign-up it confirms and when the link stops working. A token is never stored, in
 * events or elsewhere: it is computed again to check it.
 */
export function newsletterLinks(sessionSecret: string) {
  const key = createHash('sha256').update(`newsletter\u0000${sessionSecret}`).digest();
  const sign = (...parts: string[]) =>
    createHmac('sha256', key).update(parts.join('\u0000')).digest('base64url').slice(0, 32);
  const confirmToken = (contactId: string, signUpId: string, expires: string) =>
    sign('confirm', contactId, signUpId, expires);
  const leaveToken = (contactId: string) => sign('unsubscribe', contactId);
  return {
    /** The confirmation link of a sign-up (ui/src/routes/newsletter.confirm.tsx), on the UI's origin. */
    confirmUrl(origin: string, contactId: string, signUpId: string, expiresAt: Date) {
      const e = String(Math.floor(expiresAt.getTime() / 1000));
      const query = new URLSearchParams({ c: contactId, e, t: confirmToken(contactId, signUpId, e) });
      return `${origin}/newsletter/confirm?${query.toString()}`;
    },
    verifyConfirm: (contactId: string, signUpId: string, expires: string, token: string) =>
      sameSecret(token, confirmToken(contactId, signUpId, expires)),
    /** The unsubscribe link every marketing mail carries (ui/src/routes/newsletter.unsubscribe.tsx). */
    leaveUrl(origin: string, contactId: string) {
      const query = new URLSearchParams({ c: contactId, t: leaveToken(contactId) });
      return `${origin}/newsletter/unsubscribe?${query.toString()}`;
    },
    verifyLeave: (contactId: string, token: string) => sameSecret(token, leaveToken(contactId)),
  };
}

export type NewsletterLinks = ReturnType<typeof newsletterLinks>;

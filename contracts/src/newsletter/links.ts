import { z } from 'zod';
import { action } from '../action.ts';

/** The contact's id in a link: the sha256 of the lower-cased address (the stream's key), never the address. */
const ContactId = z.string().regex(/^[0-9a-f]{64}$/);
/** A link's signature: 32 base64url characters. */
const LinkToken = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

/**
 * `/newsletter/confirm?c=…&e=…&t=…` (issue 34, double opt-in): the contact, when the link stops
 * working (Unix seconds) and the signature over both and the sign-up it was mailed for.
 */
export const ConfirmNewsletterInput = z.strictObject({
  c: ContactId,
  e: z.string().regex(/^\d{1,12}$/),
  t: LinkToken,
});
export type ConfirmNewsletterInput = z.infer<typeof ConfirmNewsletterInput>;

/** `/newsletter/unsubscribe?c=…&t=…`: the contact and the signature over it (the link never expires). */
export const LeaveNewsletterInput = z.strictObject({ c: ContactId, t: LinkToken });
export type LeaveNewsletterInput = z.infer<typeof LeaveNewsletterInput>;

/** The address a link was for (whoever holds a valid link was mailed at it). */
export const NewsletterLinkResult = z.object({ email: z.string().nullable() });
export type NewsletterLinkResult = z.infer<typeof NewsletterLinkResult>;

/**
 * Issue 34 "Marketing contacts": the links of the newsletter's mails, opened without a sign-in (the
 * link is signed): confirming a sign-up, and leaving the list from any marketing mail.
 */
export const newsletterLinkActions = {
  confirmNewsletterContact: action({
    path: '/api/newsletter/confirm',
    side: 'command',
    auth: 'public',
    input: ConfirmNewsletterInput,
    output: NewsletterLinkResult,
  }),
  leaveNewsletter: action({
    path: '/api/newsletter/unsubscribe',
    side: 'command',
    auth: 'public',
    input: LeaveNewsletterInput,
    output: NewsletterLinkResult,
  }),
} as const;

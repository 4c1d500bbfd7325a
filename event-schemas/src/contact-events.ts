import { z } from 'zod';
import { defineEvent } from './registry.ts';

/**
 * The marketing contacts (seeds 001 §7 "custom/index/campaign/zoho addcontacts"): a newsletter
 * subscriber, on the stream `contact-<sha256 of the lower-cased address>`.
 *
 * Issue 34 "Marketing contacts": double opt-in. A sign-up is pending (`NewsletterContactAdded`) until
 * the address opens the link mailed to it (`NewsletterContactConfirmed`); only then is it subscribed
 * and sent on to the marketing service (`NewsletterContactSentOn`, or `NewsletterContactSendFailed`
 * and retried). The links' tokens are signatures computed again to check them, never stored here.
 */
export const NewsletterContactAdded = defineEvent({
  type: 'NewsletterContactAdded',
  version: 2,
  schema: z.object({
    email: z.email(),
    /** Where the contact came from: the footer's newsletter field. */
    source: z.string().min(1).max(40),
    /** The language the visitor was using, for the newsletter's language. */
    language: z.string().min(2).max(8),
    /** seeds 001 §7: the contact's kind as the marketing service knows it (User, Subscriber, Registered). */
    kind: z.string().min(1).max(40),
    /**
     * This sign-up: its confirmation link is signed over it, so a link of an earlier sign-up (the
     * address left the list since) confirms nothing. '' for the sign-ups of before double opt-in.
     */
    signUpId: z.string().max(64),
  }),
  // Version 1 (before double opt-in): a footer sign-up, never confirmed by its address.
  upcasters: { 1: (data) => ({ ...(data as object), kind: 'Subscriber', signUpId: '' }) },
});

/** Issue 34: the address opened its confirmation link: it is on the newsletter list. */
export const NewsletterContactConfirmed = defineEvent({
  type: 'NewsletterContactConfirmed',
  version: 1,
  schema: z.object({ email: z.email(), signUpId: z.string().max(64) }),
});

/**
 * Issue 34 "Marketing contacts": the address is off the newsletter list, taken off by an admin or by
 * the contact themself (the unsubscribe link of a marketing mail).
 */
export const NewsletterContactUnsubscribed = defineEvent({
  type: 'NewsletterContactUnsubscribed',
  version: 2,
  schema: z.object({ email: z.email(), by: z.enum(['staff', 'contact']) }),
  // Version 1: only an admin could take an address off.
  upcasters: { 1: (data) => ({ ...(data as object), by: 'staff' }) },
});

/**
 * seeds 001 §7 "addcontacts ... then subscribeCampaign": the confirmed contact went to the marketing
 * service (or, with the sandbox, would have gone): which service and what it was sent.
 */
export const NewsletterContactSentOn = defineEvent({
  type: 'NewsletterContactSentOn',
  version: 1,
  schema: z.object({
    email: z.email(),
    signUpId: z.string().max(64),
    /** The marketing port's adapter: 'sandbox' (records only) or 'zoho-campaigns'. */
    service: z.string().min(1).max(40),
    /** seeds 001 §7: the contact's user_type or tag, by its kind. */
    userType: z.string().max(40).nullable(),
    tag: z.string().max(40).nullable(),
    sendToZoho: z.boolean(),
  }),
});

/** A delivery to the marketing service failed; the contact stays due and is tried again later. */
export const NewsletterContactSendFailed = defineEvent({
  type: 'NewsletterContactSendFailed',
  version: 1,
  schema: z.object({
    email: z.email(),
    signUpId: z.string().max(64),
    service: z.string().min(1).max(40),
    /** 1 for the first failure of this confirmation, then 2, 3, ... */
    attempt: z.number().int().min(1),
    /** What the service answered (its code and message), never a credential. */
    reason: z.string().max(300),
  }),
});

export type ContactEvent =
  | { type: 'NewsletterContactAdded'; data: z.infer<typeof NewsletterContactAdded.schema> }
  | { type: 'NewsletterContactConfirmed'; data: z.infer<typeof NewsletterContactConfirmed.schema> }
  | { type: 'NewsletterContactUnsubscribed'; data: z.infer<typeof NewsletterContactUnsubscribed.schema> }
  | { type: 'NewsletterContactSentOn'; data: z.infer<typeof NewsletterContactSentOn.schema> }
  | { type: 'NewsletterContactSendFailed'; data: z.infer<typeof NewsletterContactSendFailed.schema> };
export const contactEventDefinitions = [
  NewsletterContactAdded,
  NewsletterContactConfirmed,
  NewsletterContactUnsubscribed,
  NewsletterContactSentOn,
  NewsletterContactSendFailed,
] as const;

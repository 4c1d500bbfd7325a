import { z } from 'zod';
import { defineEvent } from './registry.ts';

/**
 * The marketing contacts (seeds 001 §7 "custom/index/campaign/zoho addcontacts"): a newsletter
 * subscriber, on the stream `contact-<sha256 of the lower-cased address>`, once per address.
 */
export const NewsletterContactAdded = defineEvent({
  type: 'NewsletterContactAdded',
  version: 1,
  schema: z.object({
    email: z.email(),
    /** Where the contact came from: the footer's newsletter field. */
    source: z.string().min(1).max(40),
    /** The language the visitor was using, for the newsletter's language. */
    language: z.string().min(2).max(8),
  }),
});

/** Issue 34 "Marketing contacts": the address is off the newsletter list (an admin took it off). */
export const NewsletterContactUnsubscribed = defineEvent({
  type: 'NewsletterContactUnsubscribed',
  version: 1,
  schema: z.object({ email: z.email() }),
});

export type ContactEvent =
  | { type: 'NewsletterContactAdded'; data: z.infer<typeof NewsletterContactAdded.schema> }
  | { type: 'NewsletterContactUnsubscribed'; data: z.infer<typeof NewsletterContactUnsubscribed.schema> };
export const contactEventDefinitions = [NewsletterContactAdded, NewsletterContactUnsubscribed] as const;

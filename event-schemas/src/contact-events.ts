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

export type ContactEvent = {
  type: 'NewsletterContactAdded';
  data: z.infer<typeof NewsletterContactAdded.schema>;
};
export const contactEventDefinitions = [NewsletterContactAdded] as const;

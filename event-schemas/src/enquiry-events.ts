import { z } from 'zod';
import { defineEvent } from './registry.ts';

const Text = (max: number) => z.string().max(max);

/**
 * A visitor's message from the contact page (seeds 001 §7 user/submitContactUs), on its own
 * `enquiry-<id>` stream. It carries what the merchant was told, so the enquiry can be answered and
 * audited from the log alone; nothing secret is in it.
 */
export const ContactEnquiryReceived = defineEvent({
  type: 'ContactEnquiryReceived',
  version: 1,
  schema: z.object({
    enquiryId: z.string().min(1).max(64),
    name: Text(100),
    email: z.email(),
    phone: Text(30).optional(),
    subject: Text(150),
    message: Text(5000),
    /** The inbox it was sent to. */
    to: z.email(),
  }),
});

/**
 * A consignment (sell-your-wine) enquiry. Photos go to the merchant's inbox as attachments and are
 * not kept: the event records only how many, their names, types and sizes.
 */
export const ConsignmentEnquiryReceived = defineEvent({
  type: 'ConsignmentEnquiryReceived',
  version: 1,
  schema: z.object({
    enquiryId: z.string().min(1).max(64),
    wines: Text(3000),
    bottles: z.number().int().min(1),
    storage: z.enum(['professional', 'home', 'other']),
    storageOther: Text(200).optional(),
    name: Text(100),
    email: z.email(),
    phone: Text(30),
    photos: z
      .array(z.object({ name: Text(100), type: z.string().max(40), bytes: z.number().int().min(0) }))
      .max(3),
    to: z.email(),
  }),
});

/**
 * Issue 34 "The day's work": an admin answered the enquiry by mail; the answer as sent, and where to.
 * The admin is the event's actor.
 */
export const EnquiryAnswered = defineEvent({
  type: 'EnquiryAnswered',
  version: 1,
  schema: z.object({
    enquiryId: z.string().min(1).max(64),
    message: Text(5000).min(1),
    to: z.email(),
  }),
});

export type EnquiryEvent =
  | { type: 'ContactEnquiryReceived'; data: z.infer<typeof ContactEnquiryReceived.schema> }
  | { type: 'ConsignmentEnquiryReceived'; data: z.infer<typeof ConsignmentEnquiryReceived.schema> }
  | { type: 'EnquiryAnswered'; data: z.infer<typeof EnquiryAnswered.schema> };
export const enquiryEventDefinitions = [
  ContactEnquiryReceived,
  ConsignmentEnquiryReceived,
  EnquiryAnswered,
] as const;

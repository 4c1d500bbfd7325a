import { z } from 'zod';
import { Email } from '../accounts/fields.ts';
import { action, NoData } from '../action.ts';
import { CsvExport } from '../reports/views.ts';
import { plainText } from '../text.ts';

/**
 * A contact's place on the list (issue 34, double opt-in): signed up and waiting for its address to
 * open the confirmation link, subscribed (confirmed), or off the list.
 */
export const ContactStatus = z.enum(['pending', 'subscribed', 'unsubscribed']);
export type ContactStatus = z.infer<typeof ContactStatus>;

/** Issue 34 "Marketing contacts": the newsletter list for admins, narrowed by text and status. */
export const StaffContactsInput = z.strictObject({
  text: plainText('Search').max(100).optional(),
  status: z.enum(['all', ...ContactStatus.options]).default('subscribed'),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.literal([25, 50, 100]).default(25),
});
export type StaffContactsInput = z.input<typeof StaffContactsInput>;

export const ContactExportInput = StaffContactsInput.omit({ page: true, limit: true });

export const StaffContact = z.object({
  email: z.string(),
  source: z.string(),
  language: z.string(),
  /** seeds 001 §7: User, Subscriber or Registered. */
  kind: z.string(),
  status: ContactStatus,
  /** Confirmed and not taken off since: what the marketing service is sent. */
  subscribed: z.boolean(),
  added_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  /** Who took it off: an admin ('staff') or the contact's own unsubscribe link ('contact'). */
  unsubscribed_by: z.enum(['staff', 'contact']).nullable(),
  /** What went to the marketing service (or, with the sandbox, would have), and when. */
  sent_on: z
    .object({
      service: z.string(),
      at: z.string(),
      user_type: z.string().nullable(),
      tag: z.string().nullable(),
    })
    .nullable(),
  /** The last failed delivery while it is still due (it is tried again). */
  send_failed: z.object({ at: z.string(), attempt: z.number(), reason: z.string() }).nullable(),
});
export type StaffContact = z.infer<typeof StaffContact>;

export const StaffContactPage = z.object({ records: z.array(StaffContact), totalRecords: z.number() });
export type StaffContactPage = z.infer<typeof StaffContactPage>;

export const UnsubscribeContactInput = z.strictObject({ email: Email });

export const staffContactActions = {
  staffContacts: action({
    path: '/api/admin/newsletter/list',
    side: 'query',
    auth: 'admin',
    input: StaffContactsInput,
    output: StaffContactPage,
  }),
  exportContacts: action({
    path: '/api/admin/newsletter/export',
    side: 'query',
    auth: 'admin',
    input: ContactExportInput,
    output: CsvExport,
  }),
  unsubscribeContact: action({
    path: '/api/admin/newsletter/unsubscribe',
    side: 'command',
    auth: 'admin',
    input: UnsubscribeContactInput,
    output: NoData,
  }),
} as const;

import { z } from 'zod';
import { Email } from '../accounts/fields.ts';
import { action, NoData } from '../action.ts';
import { CsvExport } from '../reports/views.ts';
import { plainText } from '../text.ts';

/** Issue 34 "Marketing contacts": the newsletter list for admins, narrowed by text and status. */
export const StaffContactsInput = z.strictObject({
  text: plainText('Search').max(100).optional(),
  status: z.enum(['all', 'subscribed', 'unsubscribed']).default('subscribed'),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.literal([25, 50, 100]).default(25),
});
export type StaffContactsInput = z.input<typeof StaffContactsInput>;

export const ContactExportInput = StaffContactsInput.omit({ page: true, limit: true });

export const StaffContact = z.object({
  email: z.string(),
  source: z.string(),
  language: z.string(),
  subscribed: z.boolean(),
  added_at: z.string(),
  unsubscribed_at: z.string().nullable(),
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

import { z } from 'zod';
import { action, NoData } from '../action.ts';
import { CsvExport } from '../reports/views.ts';
import { multilineText } from '../text.ts';

/** Issue 34 "The day's work": the staff's list of visitors' enquiries, narrowed by kind and status. */
export const StaffEnquiriesInput = z.strictObject({
  kind: z.enum(['all', 'contact', 'consignment']).default('all'),
  status: z.enum(['all', 'open', 'answered']).default('all'),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.literal([25, 50, 100]).default(25),
});
export type StaffEnquiriesInput = z.input<typeof StaffEnquiriesInput>;

/** The export: the same narrowing, every row. */
export const EnquiryExportInput = StaffEnquiriesInput.omit({ page: true, limit: true });

/** One enquiry as the staff read it: who, about what, what they wrote, and the answers sent. */
export const StaffEnquiry = z.object({
  id: z.string(),
  kind: z.enum(['contact', 'consignment']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The contact form's subject; a consignment's bottles and storage. */
  about: z.string(),
  message: z.string(),
  received_at: z.string(),
  answers: z.array(z.object({ at: z.string(), by: z.string(), message: z.string() })),
});
export type StaffEnquiry = z.infer<typeof StaffEnquiry>;

export const StaffEnquiryPage = z.object({ records: z.array(StaffEnquiry), totalRecords: z.number() });
export type StaffEnquiryPage = z.infer<typeof StaffEnquiryPage>;

/** An admin's answer, mailed to the visitor. */
export const AnswerEnquiryInput = z.strictObject({
  id: z.string().trim().min(1).max(64),
  message: multilineText('Answer').min(1).max(5000),
});
export type AnswerEnquiryInput = z.input<typeof AnswerEnquiryInput>;

export const staffEnquiryActions = {
  staffEnquiries: action({
    path: '/api/admin/enquiry/list',
    side: 'query',
    auth: 'admin',
    input: StaffEnquiriesInput,
    output: StaffEnquiryPage,
  }),
  exportEnquiries: action({
    path: '/api/admin/enquiry/export',
    side: 'query',
    auth: 'admin',
    input: EnquiryExportInput,
    output: CsvExport,
  }),
  answerEnquiry: action({
    path: '/api/admin/enquiry/answer',
    side: 'command',
    auth: 'admin',
    input: AnswerEnquiryInput,
    output: NoData,
  }),
} as const;

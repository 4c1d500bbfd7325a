import { roles } from '@wine/event-schemas';
import { z } from 'zod';
import { plainText } from '../text.ts';
import { UserId } from './fields.ts';

/** The statuses an account has (seeds 001 §7 changeStatus). */
export const userStatuses = ['active', 'deactivate'] as const;

/** How the staff's list of users is narrowed (issue 34 "People"): text, status, role, and its page. */
export const StaffUsersInput = z.strictObject({
  /** Matches the first or last name, the e-mail or the phone, in any case. */
  text: plainText('Search').max(100).optional(),
  status: z.enum(['all', ...userStatuses]).default('all'),
  /** `none`: a buyer with no staff role. */
  role: z.enum(['all', 'none', ...roles]).default('all'),
  /** Issue 34: only the bidders waiting for an answer to a bid-limit request. */
  bidLimitRequested: z.boolean().default(false),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.literal([25, 50, 100]).default(25),
});
export type StaffUsersInput = z.input<typeof StaffUsersInput>;

/** One row of the staff's list of users: who they are and where their account stands. */
export const StaffUserRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(userStatuses),
  roles: z.array(z.enum(roles)),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** A raise the buyer asked for and no admin answered yet, in cents. */
  bidLimitRequested: z.number().nullable(),
});
export type StaffUserRow = z.infer<typeof StaffUserRow>;

export const StaffUserPage = z.object({ records: z.array(StaffUserRow), totalRecords: z.number() });
export type StaffUserPage = z.infer<typeof StaffUserPage>;

export const StaffUserInput = z.strictObject({ id: UserId });

/** One user for the staff's user page: the row, with the account's checks, limits and cards. */
export const StaffUserDetail = StaffUserRow.extend({
  countryCode: z.string(),
  phoneVerified: z.boolean(),
  kycStatus: z.enum(['none', 'approved', 'review', 'rejected']),
  /** Cents. */
  bidLimit: z.number().nullable(),
  /** How many cards the user keeps on file (their numbers never reach the read side). */
  cardsOnFile: z.number(),
  newsletter: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  /** Sessions issued before this instant were ended by an admin or a deactivation. */
  forceLogoutAt: z.string().nullable(),
  /** Issue 34: the cards on file, brand and last four only. */
  cards: z.array(z.object({ brand: z.string(), last4: z.string() })),
  /** A business account's owners (seeds 001 §1 "company-owner"). */
  owners: z.array(
    z.object({ name: z.string(), title: z.string(), email: z.string(), ownershipPercent: z.number() }),
  ),
  /** Cents in the wallet now. */
  walletBalance: z.number(),
  /** The latest invoices, newest first. */
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string().nullable(),
      status: z.string(),
      total: z.number(),
      due: z.number(),
      createdAt: z.string(),
    }),
  ),
  /** The latest bids, newest first. */
  bids: z.array(z.object({ lotId: z.string(), title: z.string(), amount: z.number(), at: z.string() })),
});
export type StaffUserDetail = z.infer<typeof StaffUserDetail>;

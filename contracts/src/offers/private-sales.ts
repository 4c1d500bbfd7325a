import { z } from 'zod';
import { Email } from '../accounts/fields.ts';
import { InviteTokenInput } from '../accounts/invitations.ts';
import { action } from '../action.ts';
import { lazy, t } from '../i18n/index.ts';

const Id = z.string().trim().min(1).max(64);

/**
 * Issue 36 §5: an admin invites buyers to a private sale: by user, or by a list of addresses (an
 * address with an account is that user; one without is mailed a link that works once, for the buyer
 * who opens it signed in).
 */
export const InvitePrivateSaleInput = z
  .strictObject({
    id: Id,
    user_ids: z.array(Id).max(200).default([]),
    emails: z.array(Email).max(500).default([]),
  })
  .refine((input) => input.user_ids.length + input.emails.length > 0, {
    error: lazy(() => t('offers.inviteSomeone')).error,
    path: ['emails'],
  });
export type InvitePrivateSaleInput = z.input<typeof InvitePrivateSaleInput>;

export const PrivateSaleInvitations = z.object({
  /** Buyers who may now see and buy the lot (invited by user, or their address had an account). */
  invited: z.number(),
  /** Links mailed to addresses without an account. */
  links: z.number(),
});
export type PrivateSaleInvitations = z.infer<typeof PrivateSaleInvitations>;

/** Issue 36 §5: a private sale, by its id (the admin's list of its guests). */
export const PrivateSaleGuestsInput = z.strictObject({ id: Id });
export type PrivateSaleGuestsInput = z.input<typeof PrivateSaleGuestsInput>;

/** One buyer who may see and buy a private sale: invited by an admin, or joined by a mailed link. */
export const PrivateSaleGuest = z.object({
  user_id: z.string(),
  /** The buyer's name and address as the users read model has them ('' when unknown to it). */
  name: z.string(),
  email: z.string(),
  joined_by: z.enum(['invite', 'link']),
  /** When they were invited, or opened their link (ISO). */
  at: z.string(),
});
export type PrivateSaleGuest = z.infer<typeof PrivateSaleGuest>;

export const PrivateSaleGuests = z.object({
  records: z.array(PrivateSaleGuest),
  totalRecords: z.number(),
  /** Invitation links mailed to addresses without an account (each works once). */
  links_sent: z.number(),
});
export type PrivateSaleGuests = z.infer<typeof PrivateSaleGuests>;

export const privateSaleActions = {
  invitePrivateSale: action({
    path: '/api/admin/product/privateSale/invite',
    side: 'command',
    auth: 'admin',
    input: InvitePrivateSaleInput,
    output: PrivateSaleInvitations,
  }),
  /** The invitation link, opened signed in: the buyer joins the private sale (the link is used up). */
  joinPrivateSale: action({
    path: '/api/product/privateSale/join',
    side: 'command',
    auth: 'user',
    input: InviteTokenInput,
    output: z.object({ product_id: z.string() }),
  }),
  /** Who may see and buy a private sale, first invited first (an unknown lot: LOT_NOT_FOUND; a public one: NOT_PRIVATE_SALE). */
  privateSaleGuests: action({
    path: '/api/admin/product/privateSale/guests',
    side: 'query',
    auth: 'admin',
    input: PrivateSaleGuestsInput,
    output: PrivateSaleGuests,
  }),
} as const;

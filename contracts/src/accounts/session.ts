import { roles } from '@wine/event-schemas';
import { z } from 'zod';
import { atMost, Email, required } from './fields.ts';
import { AddressRecord, UpdatePreferenceInput } from './profile.ts';

export const LoginInput = z.strictObject({
  email: Email,
  password: z.string(required).min(1, required).max(200, atMost(200)),
});

/** The user record answered by login and validateUser (seeds 000 §4.8; no secret ever). */
export const UserRecord = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  country_code: z.string(),
  /** 'active', or 'deactivate' (seeds 001 §3 "User session record"). */
  status: z.enum(['active', 'deactivate']),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  /** 1 shows the welcome popup about the card processor change; Continue sets it to 0. */
  popup_message: z.union([z.literal(0), z.literal(1)]),
  force_logout: z.union([z.literal(0), z.literal(1)]),
  isAdmin: z.boolean(),
  /** DOMAIN.md "Roles": admin, seller, auditor, finance, support, in the order granted. */
  roles: z.array(z.enum(roles)),
  preferences: UpdatePreferenceInput,
  created_at: z.string(),
  /** Bidding and buying need a card on file (seeds 000 §5). */
  card_on_file: z.boolean(),
  kyc_status: z.enum(['none', 'approved', 'review', 'rejected']),
  /** Answers to the configured extra registration questions. */
  extra: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())])).optional(),
  /** seeds 001 §3 "Address form". */
  address: AddressRecord.nullable().optional(),
  /** Cents; null until approved. */
  bid_limit: z.number().nullable(),
  bid_limit_requested: z.number().nullable(),
  /** May list and manage their own lots (seeds 001 §6 seller paths). */
  is_seller: z.boolean(),
  /** Issue 38 §3: identity details are on file (their values only through decryptProfile). */
  kyc_profile_saved: z.boolean().optional(),
});
export type UserRecord = z.infer<typeof UserRecord>;

export const LoginResult = z.object({ token: z.string(), id: z.string(), user: UserRecord });
export type LoginResult = z.infer<typeof LoginResult>;

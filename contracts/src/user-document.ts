import type { Role } from '@wine/event-schemas';

/** The users read model's collection (projected by the projection-service, read by every session check). */
export const USERS = 'users';

/** The users read model (back office lists, later reports): public fields only, never a secret. */
export interface UserDocument {
  _id: string;
  [key: string]: unknown;
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  country_code: string;
  status: 'active' | 'deactivate';
  email_verified: boolean;
  popup_message: 0 | 1;
  newsletter: boolean;
  preferences: Record<string, boolean | string> | null;
  created_at: string;
  last_login_at: string | null;
  password_changed_at: string | null;
  force_logout_at: string | null;
  phone_verified: boolean;
  kyc_status: 'none' | 'approved' | 'review' | 'rejected';
  /** Cents. */
  bid_limit: number | null;
  bid_limit_requested: number | null;
  cards_on_file: number;
  /** Issue 34: the cards on file for the staff's page, by a key of their id: brand and last four only. */
  cards?: Record<string, { brand: string; last4: string }>;
  /** Issue 34: a business account's owners, by a key of their id (seeds 001 §1 "company-owner"). */
  owners?: Record<string, { name: string; title: string; email: string; ownership_percent: number }>;
  is_seller: boolean;
  /** DOMAIN.md "Roles", in the order granted (the read side checks its role actions against it). */
  roles: Role[];
  extra: Record<string, unknown>;
  /** The last log position applied: an update is guarded by it, so a replayed event changes nothing. */
  _position: string;
}

import { Role, roles } from '@wine/event-schemas';
import { z } from 'zod';
import { lazy, t, textsOf } from '../i18n/index.ts';

export { Role, roles };

/** An admin grants or revokes a role (DOMAIN.md "Roles"). */
export const RoleChangeInput = z.strictObject({
  id: z
    .string()
    .trim()
    .min(
      1,
      lazy(() => t('account.userIdRequired')),
    )
    .max(64),
  role: z.enum(
    roles,
    lazy(() => t('account.roleOneOf', { roles: roles.join(', ') })),
  ),
});

/**
 * Who may call an action: anyone, anyone (a sent token personalises the answer), a signed-in user, a
 * role, or any of several roles (finance or an admin).
 */
export type Auth = 'public' | 'viewer' | 'user' | Role | readonly [Role, ...Role[]];

/** The roles an action asks for (any one of them), or null when it asks for none. */
export const rolesOf = (auth: Auth): readonly Role[] | null =>
  typeof auth !== 'string' ? auth : (roles as readonly string[]).includes(auth) ? [auth as Role] : null;

/** The action is for staff: it asks for a role. */
export const isRole = (auth: Auth): boolean => rolesOf(auth) !== null;

/** What a caller without the role is told (403). */
export const roleMessages: Readonly<Record<Role, string>> = textsOf('role');

/** seeds 001 §6: an admin makes a user a seller, or not (a grant or revoke of the seller role). */
export const SetSellerInput = z.strictObject({ id: z.string().min(1).max(64), seller: z.boolean() });

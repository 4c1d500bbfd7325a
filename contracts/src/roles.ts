import { Role, roles } from '@wine/event-schemas';
import { z } from 'zod';

export { Role, roles };

/** An admin grants or revokes a role (DOMAIN.md "Roles"). */
export const RoleChangeInput = z.strictObject({
  id: z.string().trim().min(1, 'User id is required').max(64),
  role: z.enum(roles, `Role must be one of ${roles.join(', ')}`),
});

/** Who may call an action: anyone, anyone (a sent token personalises the answer), a signed-in user, or a role. */
export type Auth = 'public' | 'viewer' | 'user' | Role;

export const isRole = (auth: Auth): auth is Role => (roles as readonly string[]).includes(auth);

/** What a caller without the role is told (403). */
export const roleMessages: Record<Role, string> = {
  admin: 'Only an admin can do this',
  seller: 'Only a seller can do this',
  auditor: 'Only an auditor can do this',
  finance: 'Only finance staff can do this',
  support: 'Only support staff can do this',
};

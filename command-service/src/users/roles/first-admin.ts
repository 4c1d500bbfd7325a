import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@wine/contracts';
import type { Actor } from '@wine/event-schemas';
import type { Accounts } from '../accounts.ts';

/**
 * DOMAIN.md "Roles": the first admin is granted from the server's command line, through the same
 * command handling as an admin's grant; the event names the operator as a `system` actor.
 */
export async function grantRoleByEmail(
  accounts: Accounts,
  change: { email: string; role: Role; revoke?: boolean; by: Actor },
): Promise<{ userId: string; changed: boolean }> {
  const userId = await accounts.ownerOf(change.email);
  if (!userId) throw new Error(`No account has the address ${change.email}: register it first`);
  const commandId = randomUUID();
  const changed = await accounts.roles.change(
    userId,
    { role: change.role, ...(change.revoke && { revoke: true }) },
    { commandId, correlationId: commandId },
    change.by,
  );
  return { userId, changed: changed.events.length > 0 };
}

/**
 * The embedded demo's first start: an admin with a random password, its address vouched for by the
 * operator, so a person running the demo can open the back office at once. The caller prints the
 * sign-in once; it is kept nowhere but as a password hash.
 */
export async function createFirstAdmin(
  accounts: Accounts,
  email: string,
): Promise<{ email: string; password: string; userId: string }> {
  const password = randomBytes(12).toString('base64url');
  const commandId = randomUUID();
  const operator: Actor = { kind: 'system', id: 'first-start' };
  const { session } = await accounts.session.register(
    {
      first_name: 'Demo',
      last_name: 'Admin',
      email,
      password,
      confirm_password: password,
      country_code: '+1',
      newsletter: false,
      terms: true,
      extra: {},
    } as Parameters<Accounts['session']['register']>[0],
    { commandId, correlationId: commandId },
    { vouchedBy: operator },
  );
  await grantRoleByEmail(accounts, { email, role: 'admin', by: operator });
  if (!session) throw new Error(`${email} already has an account: grant it the role with npm run admin`);
  return { email, password, userId: session.id };
}

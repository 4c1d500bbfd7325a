/**
 * `npm run admin -- grant <email> <role>` / `npm run admin -- revoke <email> <role>`: the server's
 * operator grants the first admin (DOMAIN.md "Roles"), or any role, on the configured log (DATA_DIR's
 * SQLite file, or EVENTSTORE_URL), through the same command handling as an admin's grant. The user
 * must have registered first. Safe while the server runs: the log takes appends from both.
 */
import { userInfo } from 'node:os';
import { Role, roles } from '@wine/contracts';
import { loadConfig, openEventStore, openMailer, openSecretStore, systemClock } from '@wine/platform';
import { createStreams } from '../core/command-handler.ts';
import { openAccounts, sessionSecret } from '../index.ts';
import { grantRoleByEmail } from '../users/roles/first-admin.ts';

const usage = `usage: npm run admin -- grant|revoke <email> <${roles.join('|')}>`;
const [verb, email, roleName] = process.argv.slice(2);
const role = Role.safeParse(roleName);
if ((verb !== 'grant' && verb !== 'revoke') || !email || !role.success) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const store = openEventStore(config);
const secrets = await openSecretStore(config);
const mailer = openMailer(config);
try {
  const accounts = openAccounts(createStreams(store), {
    clock: systemClock,
    secrets,
    mailer,
    sessionSecret: sessionSecret(config),
    publicUrl: () => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  });
  const { userId, changed } = await grantRoleByEmail(accounts, {
    email,
    role: role.data,
    revoke: verb === 'revoke',
    by: { kind: 'system', id: `cli:${userInfo().username}` },
  });
  const done = verb === 'grant' ? 'granted to' : 'revoked from';
  console.log(
    changed
      ? `${role.data} ${done} ${email} (user ${userId})`
      : `nothing to do: ${email} (user ${userId}) already so`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await mailer.close();
  await secrets.close();
  await store.close();
}

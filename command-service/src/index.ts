import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { defaultMarketSettings, type MarketSettings } from '@wine/contracts';
import {
  type CardProvider,
  type Clock,
  commandIdClaims,
  createSandboxCardProvider,
  createSandboxKycProvider,
  type EventStore,
  type KycProvider,
  type Logger,
  type Mailer,
  openSms,
  type SecretStore,
  sessionTokens,
} from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import { biddingRoutes } from './bidding/routes.ts';
import { cartRoutes } from './carts/routes.ts';
import { createStreams, type Streams } from './core/command-handler.ts';
import { devRoutes } from './dev/routes.ts';
import { type ClosingScheduler, closingScheduler } from './lots/closing-scheduler.ts';
import { lotRoutes } from './lots/routes.ts';
import { type Accounts, accounts } from './users/accounts.ts';
import { cardRoutes } from './users/cards/routes.ts';
import { identityRoutes } from './users/identity/routes.ts';
import { invitationRoutes } from './users/invitations/routes.ts';
import { passwordRoutes } from './users/passwords/routes.ts';
import { profileRoutes } from './users/profile/routes.ts';
import { roleRoutes } from './users/roles/routes.ts';
import { sessionRoutes } from './users/session/routes.ts';
import { sessionAuth } from './users/session/session-auth.ts';
import { userAdminRoutes } from './users/user-admin/routes.ts';
import { verificationRoutes } from './users/verification/routes.ts';
import { watchlistRoutes } from './watchlists/routes.ts';

export interface CommandServiceDeps {
  store: EventStore;
  clock: Clock;
  secrets: SecretStore;
  mailer: Mailer;
  sessionSecret: string;
  /** The UI's origin, for links in e-mails (asked when a mail is written, after the port is known). */
  publicUrl: () => string;
  /** The card vault; the built-in sandbox by default (DOMAIN.md "Money"). */
  cards?: CardProvider;
  /** Identity checks; the deterministic sandbox by default. */
  kyc?: KycProvider;
  /** Sign-in, registration and code requests per minute per client and address (default 10). */
  rateLimit?: number;
  /** Requests per minute per client on the staff's (admin, seller, ...) actions (default 300). */
  staffRateLimit?: number;
  /** Bidding settings (proxy or hard, soft close, increments); the defaults of DOMAIN.md otherwise. */
  market?: MarketSettings;
  logger: Logger;
}

export interface CommandService {
  streams: Streams;
  /** Closes lots at their close; start it once the routes are served, stop it before the store closes. */
  scheduler: ClosingScheduler;
  /** The user accounts, for the server's own first-admin and role commands (never an HTTP action). */
  accounts: Accounts;
}

/** The write side's routes, registered on any fastify instance (one process or its own). */
export async function commandService(
  app: FastifyInstance,
  deps: CommandServiceDeps,
): Promise<CommandService> {
  // preHandler: the body is parsed by then, so the key can name the address being tried. Registered
  // here, on the parent of the areas' plugins, so its route hook and `app.rateLimit` reach them all.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  const streams = createStreams(deps.store);
  const users = openAccounts(streams, {
    ...deps,
    onMailFailed: (err) => deps.logger.error({ err }, 'a password reset mail could not be sent'),
  });
  const auth = sessionAuth({
    authenticate: users.session.authenticate,
    claims: commandIdClaims(deps.secrets, deps.clock),
    staffLimit: app.rateLimit({ max: deps.staffRateLimit ?? 300, timeWindow: '1 minute' }),
  });
  const { clock } = deps;
  const limit = deps.rateLimit ?? 10;
  await app.register(sessionRoutes, { session: users.session, auth, rateLimit: limit });
  await app.register(verificationRoutes, { verification: users.verification, auth, rateLimit: limit });
  await app.register(passwordRoutes, { passwords: users.passwords, auth, rateLimit: limit });
  await app.register(profileRoutes, { profile: users.profile, auth });
  await app.register(cardRoutes, { cards: users.cards, auth, rateLimit: limit });
  await app.register(identityRoutes, { identity: users.identity, auth });
  await app.register(invitationRoutes, { invitations: users.invitations, auth, rateLimit: limit });
  await app.register(roleRoutes, { roles: users.roles, auth });
  await app.register(userAdminRoutes, { userAdmin: users.userAdmin, auth });
  await app.register(lotRoutes, { streams, clock, auth });
  await app.register(biddingRoutes, { streams, clock, auth, market: deps.market ?? defaultMarketSettings });
  await app.register(cartRoutes, { streams, clock, auth });
  await app.register(watchlistRoutes, { streams, clock, auth });
  const { outbox } = deps.mailer;
  if (outbox) await app.register(devRoutes, { outbox, auth });
  return {
    streams,
    scheduler: closingScheduler({ streams, clock: deps.clock, logger: deps.logger }),
    accounts: users,
  };
}

/** The accounts over a log: the routes' and the server's command line's one way to act on users. */
export function openAccounts(
  streams: Streams,
  deps: Pick<
    CommandServiceDeps,
    'clock' | 'secrets' | 'mailer' | 'sessionSecret' | 'publicUrl' | 'cards' | 'kyc'
  > & {
    onMailFailed?: (error: unknown) => void;
  },
): Accounts {
  return accounts({
    streams,
    clock: deps.clock,
    secrets: deps.secrets,
    mailer: deps.mailer,
    sms: openSms(deps.mailer),
    tokens: sessionTokens(deps.sessionSecret, deps.clock),
    cards: deps.cards ?? createSandboxCardProvider(),
    kyc: deps.kyc ?? createSandboxKycProvider(),
    publicUrl: deps.publicUrl,
    ...(deps.onMailFailed && { onMailFailed: deps.onMailFailed }),
  });
}

/**
 * SESSION_SECRET, or (embedded) a random secret kept in DATA_DIR/session.key so sessions survive a
 * restart; never logged.
 */
export function sessionSecret(config: { SESSION_SECRET?: string | undefined; dataDir: string }): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = join(config.dataDir, 'session.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export { createStreams, eventIdFor, type Streams } from './core/command-handler.ts';
export type { Decider } from './core/decider.ts';
export { type DemoLot, demoCatalogue } from './demo/catalogue.ts';
export { type ClosingScheduler, closingScheduler } from './lots/closing-scheduler.ts';
export { lotDecider } from './lots/decide.ts';
export { lotFromInput } from './lots/list-lot.ts';
export type { Lot } from './lots/lot.ts';
export { userDecider } from './users/decide.ts';
export { hashPassword, verifyPassword } from './users/passwords/passwords.ts';
export { createFirstAdmin, grantRoleByEmail } from './users/roles/first-admin.ts';

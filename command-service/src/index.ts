import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { actions, defaultMarketSettings, type MarketSettings } from '@wine/contracts';
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
  registerAction,
  type SecretStore,
  sessionTokens,
} from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import { createStreams, type Streams } from './core/command-handler.ts';
import { type ClosingScheduler, closingScheduler } from './lots/closing-scheduler.ts';
import { lotRoutes } from './lots/routes.ts';
import { type Accounts, accounts } from './users/accounts.ts';
import { userRoutes } from './users/routes.ts';
import { sessionAuth } from './users/session-auth.ts';

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
  // preHandler: the body is parsed by then, so the key can name the address being tried.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  const streams = createStreams(deps.store);
  const users = openAccounts(streams, {
    ...deps,
    onMailFailed: (err) => deps.logger.error({ err }, 'a password reset mail could not be sent'),
  });
  const auth = sessionAuth({
    accounts: users,
    claims: commandIdClaims(deps.secrets, deps.clock),
    staffLimit: app.rateLimit({ max: deps.staffRateLimit ?? 300, timeWindow: '1 minute' }),
  });
  userRoutes(app, { accounts: users, auth, rateLimit: deps.rateLimit ?? 10 });
  lotRoutes(app, { streams, clock: deps.clock, auth, market: deps.market ?? defaultMarketSettings });
  const { outbox } = deps.mailer;
  if (outbox) {
    // The outbox holds every code and link mailed: an admin's session only.
    registerAction(app, actions.devOutbox, auth, async () => ({ records: await outbox() }));
  }
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
export { type ClosingScheduler, closingScheduler } from './lots/closing-scheduler.ts';
export { lotDecider } from './lots/decide.ts';
export { lotFromInput } from './lots/list-lot.ts';
export { userDecider } from './users/decide.ts';
export { createFirstAdmin, grantRoleByEmail } from './users/first-admin.ts';

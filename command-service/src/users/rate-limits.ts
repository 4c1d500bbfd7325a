import { AppError, type Clock, type SecretStore } from '@wine/platform';
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import { emailKey } from './user-service.ts';

/** The address a request's body names, as it is counted (the same however it is written). */
const addressIn = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/** The phone number a request's body names, its digits only (the same however it is written). */
const phoneIn = (request: FastifyRequest) => {
  const phone = (request.body as { phone?: unknown } | undefined)?.phone;
  return typeof phone === 'string' ? phone.replace(/\D/g, '') : '';
};

/**
 * The account actions' rate limits (@fastify/rate-limit, registered on the parent app with
 * `hook: 'preHandler'`, so the body is parsed and the key can name the address being tried):
 * `max` requests per minute per client and address on sign-in, registration and code endpoints.
 */
export function accountRateLimits(max: number) {
  const byAddress: RouteShorthandOptions = {
    config: {
      rateLimit: {
        max,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `${request.ip}|${addressIn(request)}`,
      },
    },
  };
  // Sign-in is also limited per client whatever the address (password spraying); wrong passwords
  // are counted per address from every client by the session service itself.
  const byClient: RouteShorthandOptions = {
    config: { rateLimit: { max: max * 3, timeWindow: '1 minute' } },
  };
  const perSession = {
    max,
    timeWindow: '1 minute',
    // A registration's code requests name no session: they count per address as well.
    keyGenerator: (request: FastifyRequest) =>
      `${request.ip}|${request.headers.authorization ?? ''}|${addressIn(request)}`,
  };
  const bySession: RouteShorthandOptions = { config: { rateLimit: perSession } };
  // Issue 38 §3: sign-in by a phone code names a number, not an address: counted per client and number.
  const byPhone: RouteShorthandOptions = {
    config: {
      rateLimit: {
        max,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `${request.ip}|${phoneIn(request)}`,
      },
    },
  };
  // Issue 38 §3 checkValidation: a field checked as the user types, per client and session whatever
  // the value (the answer tells nothing about other accounts: the limit is the server's load).
  const byCaller: RouteShorthandOptions = {
    config: {
      rateLimit: {
        max: max * 3,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `${request.ip}|${request.headers.authorization ?? ''}`,
      },
    },
  };
  // `perSession` for `app.rateLimit(…)`: one budget shared by the routes given its hook (a route's own
  // config counts apart from every other route's).
  return { byAddress, byClient, bySession, perSession, byPhone, byCaller };
}

export type AccountRateLimits = ReturnType<typeof accountRateLimits>;

/** How many distinct addresses a client may have mail sent to, an hour, for each request a minute allowed. */
const ADDRESSES_PER_HOUR_PER_LIMIT = 5;
const ADDRESS_WINDOW_MS = 3_600_000;
const MAILED_ADDRESS = 'mailed-address';
const MAILED_ADDRESSES = 'mailed-addresses';

/**
 * Registration and an anonymous code request mail the address they name, which need not be the
 * caller's: one client may have mail sent to at most `5 × max` distinct addresses an hour (50 with the
 * product's 10), whatever it sends; a repeat for an address it named already is not a new one. Past
 * that, RATE_LIMITED. The per-minute limits above still count every request.
 */
export function mailedAddressCap(secrets: SecretStore, clock: Clock, max: number) {
  const cap = max * ADDRESSES_PER_HOUR_PER_LIMIT;
  return async function admit(client: string, email: string): Promise<void> {
    const pair = `${client}|${emailKey(email)}`;
    if ((await secrets.get<boolean>(MAILED_ADDRESS, pair)) === true) return;
    const expiresAt = new Date(clock.now().getTime() + ADDRESS_WINDOW_MS);
    const named = await secrets.increment(MAILED_ADDRESSES, client, { expiresAt });
    if (named > cap) throw new AppError('RATE_LIMITED');
    await secrets.put(MAILED_ADDRESS, pair, true, { expiresAt });
  };
}

export type MailedAddressCap = ReturnType<typeof mailedAddressCap>;

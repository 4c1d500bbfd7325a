import { type Action, isRole } from '@wine/contracts';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';

export interface StaffRateLimitOptions {
  /** Requests per window per client (the product's 300 a minute, as the command side's staff limit). */
  max: number;
  windowMs?: number;
  /** Milliseconds now (tests move it). */
  now?: () => number;
  /** Clients remembered at once; the oldest windows are forgotten first (memory stays bounded). */
  clients?: number;
}

/** A refusal the error envelope answers as 429 RATE_LIMITED (installErrorEnvelope), as @fastify/rate-limit's. */
class RateLimited extends Error {
  readonly statusCode = 429;
}

/**
 * One budget per client (its address) for a service's staff actions, an onRequest hook: counted on
 * arrival, before the session is checked, so guessed tokens count too. A fixed window per client.
 */
export function staffRateLimit({
  max,
  windowMs = 60_000,
  now = Date.now,
  clients = 100_000,
}: StaffRateLimitOptions): onRequestHookHandler {
  const windows = new LRUCache<string, { count: number; resetAt: number }>({ max: clients });
  return async (request, reply) => {
    const at = now();
    let window = windows.get(request.ip);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + windowMs };
      windows.set(request.ip, window);
    }
    window.count += 1;
    if (window.count > max) {
      reply.header('retry-after', String(Math.ceil((window.resetAt - at) / 1000)));
      throw new RateLimited('rate limited');
    }
  };
}

/** A route's hooks of one kind as a list (fastify takes one hook, a list, or none). */
export const hookList = <Hook>(hooks: Hook | Hook[] | undefined): Hook[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Puts `limit` in front of every route of `app` registered from now on that serves one of `actions`
 * for a role (admin, seller, auditor, finance, support): the read side's reports, exports, staff lists
 * and /api/ops/*, whichever plugin serves them (a CSV stream included).
 */
export function limitStaffRoutes(
  app: FastifyInstance,
  actions: readonly Action[],
  limit: onRequestHookHandler,
): void {
  const staffPaths = new Set<string>(actions.filter((a) => isRole(a.auth)).map((a) => a.path));
  app.addHook('onRoute', (route) => {
    if (!staffPaths.has(route.url)) return;
    route.onRequest = [limit, ...hookList(route.onRequest)];
  });
}

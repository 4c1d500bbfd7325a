import type { FastifyRequest, RouteShorthandOptions } from 'fastify';

/** The address a request's body names, as it is counted (the same however it is written). */
const addressIn = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
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
  const bySession: RouteShorthandOptions = {
    config: {
      rateLimit: {
        max,
        timeWindow: '1 minute',
        // A registration's code requests name no session: they count per address as well.
        keyGenerator: (request: FastifyRequest) =>
          `${request.ip}|${request.headers.authorization ?? ''}|${addressIn(request)}`,
      },
    },
  };
  return { byAddress, byClient, bySession };
}

export type AccountRateLimits = ReturnType<typeof accountRateLimits>;

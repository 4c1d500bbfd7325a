import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { type Logger, lazyChild } from '../logging.ts';
import { installErrorEnvelope, installZodSchemas } from './action-route.ts';
import { installBodyLimitDrain } from './body-limit.ts';
import { customFlagUrl } from './custom-flag.ts';
import { installJsonBodyParser } from './json-body.ts';
import { installRequestLanguage } from './language.ts';
import { installSecurityHeaders } from './security-headers.ts';

export type HttpApp = FastifyInstance;

/**
 * The one way a service makes its HTTP app: request ids are UUIDs (they become command ids, so they
 * must not repeat across restarts), bodies are capped, every answer carries the security headers
 * (CSP, nosniff, no framing, referrer policy), texts speak the request's language and every error
 * answers in the envelope.
 */
export function createHttpApp(
  logger: Logger,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown,
  /** Origins the pages may connect to beyond their own (the card provider's API). */
  connectSources: readonly string[] = [],
): HttpApp {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    // A request's logger is made when it first writes a line (logging.ts).
    childLoggerFactory: (parent, bindings, options) =>
      lazyChild(parent as Logger, bindings, options) as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // seeds 001 §7: the custom flag's /api/custom/ paths are the user area's (custom-flag.ts).
    rewriteUrl: (request) => customFlagUrl(request.url ?? '/'),
  });
  // First, so its onRequest hook covers every route and the not-found fallback.
  installSecurityHeaders(app, connectSources);
  installRequestLanguage(app);
  installJsonBodyParser(app);
  installZodSchemas(app);
  installErrorEnvelope(app, fallback);
  // A body over the cap: the client may finish sending (up to a bound) and read the 413.
  installBodyLimitDrain(app);
  return app;
}

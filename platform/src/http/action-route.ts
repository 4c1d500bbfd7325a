import { type Action, failure, success, validationFailure } from '@wine/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.ts';

export interface ActionContext {
  request: FastifyRequest;
  /** The command id for idempotency: the `x-command-id` header, or the request id. */
  commandId: string;
  correlationId: string;
  /** Sets the envelope's data.message on success (default 'ok'). */
  setMessage(message: string): void;
}

export type Authorize = (request: FastifyRequest, action: Action) => void | Promise<void>;

/** Who may call an action, checked before its body is read, and what an `x-command-id` may replay. */
export interface ActionGuard {
  /**
   * Runs in the route's preParsing hook: a refused caller's body is never read, and the rate limits
   * (onRequest) count refused callers too.
   */
  authorize: Authorize;
  /**
   * Claims a caller's `x-command-id` for this action and input (STYLE.md: an idempotency key is scoped
   * to its caller): throws when the key was used by another caller, for another action or another input.
   */
  claimCommandId?(request: FastifyRequest, action: Action, commandId: string, input: unknown): Promise<void>;
  /** Route options for an action, such as `config.rateLimit` for the staff's actions. */
  routeOptions?(action: Action): RouteShorthandOptions;
}

const COMMAND_ID = /^[\w-]{8,128}$/;

/**
 * Serves one action from `contracts`: authorises before the body is read, validates the body with
 * its zod schema (a bad body writes nothing and gets the envelope with the field named), claims the
 * caller's command id, runs the handler and wraps the answer in the seeds' envelope.
 */
export function registerAction<A extends Action, R>(
  app: FastifyInstance,
  action: A,
  guard: ActionGuard | Authorize,
  handler: (input: z.output<A['input']>, context: ActionContext) => Promise<R>,
  /** Route options such as `config.rateLimit` (@fastify/rate-limit). */
  options: RouteShorthandOptions = {},
): void {
  const { authorize, claimCommandId, routeOptions } =
    typeof guard === 'function' ? { authorize: guard } : guard;
  const routeLevel = routeOptions?.(action) ?? {};
  app.post(
    action.path,
    {
      ...routeLevel,
      ...options,
      config: { ...routeLevel.config, ...options.config },
      preParsing: async (request, _reply, payload) => {
        await authorize(request, action);
        return payload;
      },
    },
    async (request, reply) => {
      const parsed = action.input.safeParse(request.body ?? {});
      if (!parsed.success) return reply.code(400).send(validationFailure(parsed.error));
      const commandHeader = request.headers['x-command-id'];
      const sentCommandId = typeof commandHeader === 'string' && COMMAND_ID.test(commandHeader);
      const commandId = sentCommandId ? commandHeader : request.id;
      if (sentCommandId && claimCommandId) await claimCommandId(request, action, commandId, parsed.data);
      const correlationHeader = request.headers['x-correlation-id'];
      const correlationId =
        typeof correlationHeader === 'string' && COMMAND_ID.test(correlationHeader)
          ? correlationHeader
          : commandId;
      let message = 'ok';
      const result = await handler(parsed.data as z.output<A['input']>, {
        request,
        commandId,
        correlationId,
        setMessage: (m) => {
          message = m;
        },
      });
      return reply.send(success(result, message));
    },
  );
}

/**
 * One error mapping for every service: AppErrors by their code, fastify's own 4xx kept 4xx, the rest 500.
 * `fallback` answers what is not an API path (the embedded process serves the UI there).
 */
export function installErrorEnvelope(
  app: FastifyInstance,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .send(failure(error.message, error.status, error.field ? { field: error.field } : null));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Bad JSON never gets here: the body parser (json-body.ts) answers it as an AppError.
      return reply.code(status).send(failure((error as Error).message, status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure('Something went wrong!', 500));
  });
  app.setNotFoundHandler((request, reply) => {
    if (fallback && !request.url.startsWith('/api/')) return fallback(request, reply);
    return reply.code(404).send(failure(`No action at ${request.method} ${request.url.split('?')[0]}`, 404));
  });
}

export { validationFailure } from '@wine/contracts';

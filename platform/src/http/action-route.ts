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

/**
 * Serves one action from `contracts`: validates the body with its zod schema (a bad body writes
 * nothing and gets the envelope with the field named), authorises, runs the handler and wraps the
 * answer in the seeds' envelope.
 */
export function registerAction<A extends Action, R>(
  app: FastifyInstance,
  action: A,
  authorize: Authorize,
  handler: (input: z.output<A['input']>, context: ActionContext) => Promise<R>,
  /** Route options such as `config.rateLimit` (@fastify/rate-limit). */
  options: RouteShorthandOptions = {},
): void {
  app.post(action.path, options, async (request, reply) => {
    const parsed = action.input.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send(validationFailure(parsed.error));
    await authorize(request, action);
    const commandHeader = request.headers['x-command-id'];
    const commandId =
      typeof commandHeader === 'string' && /^[\w-]{8,128}$/.test(commandHeader) ? commandHeader : request.id;
    const correlationHeader = request.headers['x-correlation-id'];
    const correlationId =
      typeof correlationHeader === 'string' && /^[\w-]{8,128}$/.test(correlationHeader)
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
  });
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
      const message =
        (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : (error as Error).message;
      return reply.code(status).send(failure(message, status));
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

import { type Action, failure, success, successEnvelopeOf, t, validationFailure } from '@wine/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outputSerializerCompiler } from './action-route-output.ts';
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
 * Serves one action from `contracts` on `app` (a service, or an area's plugin scope): authorises in
 * preParsing, before the body is read; validates the body with the action's input schema (a bad body
 * writes nothing and gets the envelope with the field named); claims the caller's command id; runs the
 * handler; and answers the seeds' envelope, checked against the action's output schema (a handler that
 * answers more or other than the contract declares fails, and nothing undeclared leaks).
 */
export function registerAction<A extends Action, R extends z.output<A['output']>>(
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
  app.withTypeProvider<ZodTypeProvider>().post(
    action.path,
    {
      ...routeLevel,
      ...options,
      config: { ...routeLevel.config, ...options.config },
      schema: { body: action.input, response: { 200: successEnvelopeOf(action.output) } },
      preParsing: async (request, _reply, payload) => {
        await authorize(request, action);
        return payload;
      },
    },
    async (request, reply) => {
      const input = request.body as z.output<A['input']>;
      const commandHeader = request.headers['x-command-id'];
      const sentCommandId = typeof commandHeader === 'string' && COMMAND_ID.test(commandHeader);
      const commandId = sentCommandId ? commandHeader : request.id;
      if (sentCommandId && claimCommandId) await claimCommandId(request, action, commandId, input);
      const correlationHeader = request.headers['x-correlation-id'];
      const correlationId =
        typeof correlationHeader === 'string' && COMMAND_ID.test(correlationHeader)
          ? correlationHeader
          : commandId;
      let message = t('common.ok');
      const result = await handler(input, {
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
 * Input through the action's zod schema, keeping the ZodError whole (fastify passes an Error through
 * to the error handler as it is), so the envelope names each field as `validationFailure` does. The
 * issue texts are made here, in the request's language.
 */
const zodValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const parsed = schema.safeParse(data ?? {});
    return parsed.success ? { value: parsed.data } : { error: parsed.error };
  };

/**
 * Input and output schemas are zod: each answer is checked against its output schema and written
 * with only the declared keys, in one pass where the schema allows (action-route-output.ts), else by
 * fastify-type-provider-zod's serializer.
 */
export function installZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidator);
  app.setSerializerCompiler(outputSerializerCompiler);
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
    if (error instanceof z.ZodError) return reply.code(400).send(validationFailure(error));
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .send(failure(error.code, error.message, error.field ? { field: error.field } : null));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 429) {
      return reply.code(429).send(failure('RATE_LIMITED', t('errors.RATE_LIMITED')));
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // fastify's own refusals (a body too large, a media type it does not take). Bad JSON never gets
      // here: the body parser (json-body.ts) answers it as an AppError.
      const reason = (error as Error).message;
      return reply
        .code(status)
        .send(failure('BAD_REQUEST', t('errors.BAD_REQUEST', { reason }), null, status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure('INTERNAL', t('common.somethingWrong')));
  });
  app.setNotFoundHandler((request, reply) => {
    if (fallback && !request.url.startsWith('/api/')) return fallback(request, reply);
    const path = request.url.split('?')[0] ?? '';
    return reply
      .code(404)
      .send(failure('NO_ACTION', t('errors.NO_ACTION', { method: request.method, path })));
  });
}

export { validationFailure } from '@wine/contracts';

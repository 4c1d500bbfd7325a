import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Action,
  failure,
  isListSchema,
  LOG_POSITION_HEADER,
  success,
  successEnvelopeOf,
  t,
  validationFailure,
  withSetDisp,
} from '@wine/contracts';
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
import type { CommandIdClaim, KeptAnswer } from './command-ids.ts';
import { AppError } from './errors.ts';
import { trackWrites } from './written-position.ts';

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
  claimCommandId?(
    request: FastifyRequest,
    action: Action,
    commandId: string,
    input: unknown,
  ): Promise<CommandIdClaim | undefined>;
  /** Route options for an action, such as `config.rateLimit` for the staff's actions. */
  routeOptions?(action: Action): RouteShorthandOptions;
}

const COMMAND_ID = /^[\w-]{8,128}$/;

/** How long a repeat of a `once` action's key waits for the first request's answer before a 409. */
export const ONCE_WAIT_MS = 15_000;
const ONCE_POLL_MS = 20;

/**
 * A `once` action's claim: the request holding the key runs it; a repeat waits for the holder's kept
 * answer (or for the key to be let go, then runs it itself), and after ONCE_WAIT_MS is refused with
 * COMMAND_IN_PROGRESS. Never two runs of one key at once.
 */
async function holdOrAnswer(claim: CommandIdClaim): Promise<CommandIdClaim | KeptAnswer> {
  const deadline = performance.now() + ONCE_WAIT_MS;
  let current = claim;
  for (let tries = 0; !current.mine; tries++) {
    const kept = await current.answer();
    if (kept) return kept;
    if (performance.now() > deadline) throw new AppError('COMMAND_IN_PROGRESS');
    // Backing off: a crowd of repeats of one key asks the store a few times a second, not fifty.
    await sleep(Math.min(ONCE_POLL_MS * 2 ** tries, 250));
    current = await current.again();
  }
  return current;
}

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
  /** The card provider configured: its `providerPaths` of the action are served too. */
  provider?: string,
): void {
  const { authorize, claimCommandId, routeOptions } =
    typeof guard === 'function' ? { authorize: guard } : guard;
  const routeLevel = routeOptions?.(action) ?? {};
  const paths = [
    action.path,
    ...(action.aliases ?? []),
    ...((provider && action.providerPaths?.[provider as keyof typeof action.providerPaths]) || []),
  ];
  const listOutput = isListSchema(action.output);
  for (const url of paths) serveAt(url);

  function serveAt(url: string) {
    app.withTypeProvider<ZodTypeProvider>().post(
      url,
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
        const claimed =
          sentCommandId && claimCommandId
            ? await claimCommandId(request, action, commandId, input)
            : undefined;
        const held = action.once && claimed ? await holdOrAnswer(claimed) : undefined;
        // The kept answer again: 200 through the output schema as the first time, a refusal as it was.
        if (held && !('mine' in held)) return reply.code(held.status as 200).send(held.body as never);
        const correlationHeader = request.headers['x-correlation-id'];
        const correlationId =
          typeof correlationHeader === 'string' && COMMAND_ID.test(correlationHeader)
            ? correlationHeader
            : commandId;
        let message = t('common.ok');
        let result: R;
        let written: string | null;
        try {
          ({ result, position: written } = await trackWrites(correlationId, () =>
            handler(input, {
              request,
              commandId,
              correlationId,
              setMessage: (m) => {
                message = m;
              },
            }),
          ));
        } catch (error) {
          if (held) {
            // A refusal is the key's answer for good; anything else lets the key go, so a retry runs again.
            if (error instanceof AppError && error.status < 500) await held.keep(refusalOf(error));
            else await held.release();
          }
          throw error;
        }
        // seeds 000 §3.2: every list answer carries its count and caption (contracts common/record-list.ts).
        if (listOutput) result = withSetDisp(result, input);
        if (held) await held.keep({ status: 200, body: success(result, message) });
        // Where the log stands after this request's writes: the client's next reads wait for it.
        if (written !== null) reply.header(LOG_POSITION_HEADER, written);
        return reply.send(success(result, message));
      },
    );
  }
}

const refusalOf = (error: AppError): KeptAnswer => ({
  status: error.status,
  body: failure(error.code, error.message, error.field ? { field: error.field } : null),
});

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
      const { status, body } = refusalOf(error);
      return reply.code(status).send(body);
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

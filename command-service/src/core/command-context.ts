import type { Actor } from '@wine/event-schemas';
import type { CommandContext } from './command-handler.ts';

/** What a request brings to its commands: the command id (idempotency) and the correlation id. */
export interface RequestContext {
  commandId: string;
  correlationId: string;
}

/** A command's context: the request's ids, who acts, and the server time it is decided at. */
export const commandContext = (request: RequestContext, actor: Actor, now: Date): CommandContext => ({
  commandId: request.commandId,
  correlationId: request.correlationId,
  actor,
  now,
});

/**
 * The id of a follow-up command of the same request: the handler would take a second command with the
 * request's id, on the same stream, for a retry of the first.
 */
export const followUp = (request: RequestContext, step: string): RequestContext => ({
  ...request,
  commandId: `${request.commandId}:${step}`,
});

import { type Action, AFTER_POSITION_HEADER, isLogPosition, READ_AFTER_WAIT_MS } from '@wine/contracts';
import type { Position } from '@wine/event-schemas';
import { type EventStore, hookList } from '@wine/platform';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ProjectionRunner } from './runner-types.ts';

/** Resolves once the read models have reached `position`, or when they cannot be waited for longer. */
export type ReadAfter = (position: Position) => Promise<void>;

/**
 * Read-your-writes (contracts read-your-writes.ts) on this process's runner: waits until it has
 * projected the caller's last write, for at most `waitMs`; then the read answers as the read models
 * are. A position beyond the log's head was never written (a made-up header): it is not waited for.
 */
export function readAfterRunner(
  runner: Pick<ProjectionRunner, 'position' | 'waitFor'>,
  eventStore: Pick<EventStore, 'headPosition'>,
  waitMs = READ_AFTER_WAIT_MS,
): ReadAfter {
  return async (target) => {
    if (runner.position() >= target) return;
    if (target > (await eventStore.headPosition())) return;
    await runner.waitFor(target, waitMs).catch(() => undefined);
  };
}

/**
 * Makes the query-side actions wait for `x-after-position` before they read (a preHandler: after the
 * caller was authorised and the body validated). A header that is no log position is ignored.
 */
export function readAfterWrites(
  app: FastifyInstance,
  actions: readonly Action[],
  readAfter: ReadAfter,
): void {
  const queryPaths = new Set<string>(actions.filter((a) => a.side === 'query').map((a) => a.path));
  const wait: preHandlerAsyncHookHandler = async (request) => {
    const after = request.headers[AFTER_POSITION_HEADER];
    if (isLogPosition(after)) await readAfter(after);
  };
  app.addHook('onRoute', (route) => {
    if (!queryPaths.has(route.url)) return;
    route.preHandler = [...hookList(route.preHandler), wait];
  });
}

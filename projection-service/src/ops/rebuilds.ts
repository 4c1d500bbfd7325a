import type { Clock, DocumentStore, EventStore, Logger } from '@wine/platform';
import type { Projection } from '../core/projection.ts';
import { rebuildProjection } from '../core/rebuild.ts';
import type { ProjectionRunner } from '../core/runner.ts';

export interface RebuildsDeps {
  runner: ProjectionRunner;
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
  clock: Clock;
  logger: Logger;
}

/**
 * Blue/green rebuilds started from /ops or the local ops socket: one at a time per projection, run in
 * the background against the running server, their progress kept in the projection's status.
 */
export function rebuilds(deps: RebuildsDeps) {
  const running = new Map<string, Promise<void>>();
  return {
    isRunning: (name: string) => running.has(name),
    /** Starts a rebuild; answers at once (the status shows its progress), or false if one runs. */
    start(projection: Projection): Promise<void> | false {
      const { name } = projection;
      if (running.has(name)) return false;
      const startedAt = deps.clock.now().toISOString();
      const progress = { startedAt, events: 0, fraction: 0, done: false, finishedAt: null, error: null };
      deps.runner.setRebuild(name, progress);
      const work = rebuildProjection({
        eventStore: deps.eventStore,
        docs: deps.docs,
        projection,
        clock: deps.clock,
        logger: deps.logger,
        runner: deps.runner,
        onProgress: ({ events, fraction }) => deps.runner.setRebuild(name, { ...progress, events, fraction }),
      })
        .then((result) => {
          deps.runner.setRebuild(name, {
            ...progress,
            events: result.events,
            fraction: 1,
            done: true,
            finishedAt: deps.clock.now().toISOString(),
          });
        })
        .catch((error: unknown) => {
          deps.logger.error({ err: error, projection: name }, 'rebuild failed; the live model is unchanged');
          deps.runner.setRebuild(name, {
            ...progress,
            done: true,
            finishedAt: deps.clock.now().toISOString(),
            error: error instanceof Error ? error.message : String(error),
          });
        })
        .finally(() => running.delete(name));
      running.set(name, work);
      return work;
    },
    /** Resolves once every running rebuild has ended (shutdown). */
    async settle() {
      await Promise.all(running.values());
    },
  };
}
export type Rebuilds = ReturnType<typeof rebuilds>;

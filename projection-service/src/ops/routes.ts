import { actions, t } from '@wine/contracts';
import {
  AppError,
  type Clock,
  type commandIdClaims,
  type DocumentStore,
  type EventStore,
  type Logger,
  registerAction,
} from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { planLanes } from '../core/plan.ts';
import type { Projection } from '../core/projection.ts';
import type { ProjectionRunner } from '../core/runner.ts';
import type { ViewerAuth } from '../core/viewer.ts';
import type { Rebuilds } from './rebuilds.ts';
import { recordSkip } from './skip-log.ts';
import { opsStatus, type StatusDeps } from './status.ts';

export interface OpsDeps {
  runner: ProjectionRunner;
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
  clock: Clock;
  logger: Logger;
  auth: ViewerAuth;
  /**
   * Binds a skip's command id to its caller and request, as the command-service does: the skip's
   * event id comes from it, so the same id sent again for another skip must be refused, not taken
   * for the first one (the second skip would be lost from the log while the runner went on).
   */
  claims: ReturnType<typeof commandIdClaims>;
  rebuilds: Rebuilds;
  realtime?: StatusDeps['realtime'];
}

/** Waits for `work` at most `ms`: a long catch-up goes on in the background, the status shows it. */
const atMost = (work: Promise<unknown>, ms: number) =>
  Promise.race([work.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

/** Support's actions on the read side (issue 12 "Support"), served where the projections run. */
export const opsRoutes: FastifyPluginAsync<OpsDeps> = async (app, deps) => {
  const { runner, eventStore, clock, auth } = deps;
  const status = () => opsStatus(deps);
  const projectionNamed = (name: string) => {
    const found = deps.projections.find((p) => p.name === name);
    if (!found) throw new AppError('PROJECTION_NOT_FOUND');
    return found;
  };
  const failureOf = (name: string) => {
    projectionNamed(name);
    const failure = runner.status().projections.find((p) => p.name === name)?.failure;
    if (!failure || runner.status().projections.find((p) => p.name === name)?.state !== 'stopped-on-error')
      throw new AppError('PROJECTION_NOT_STOPPED');
    return failure;
  };

  registerAction(app, actions.opsStatus, auth.authorize, status);

  registerAction(app, actions.opsRetry, auth.authorize, async ({ projection }, context) => {
    failureOf(projection);
    await atMost(runner.retry(projection), 5_000);
    context.setMessage(t('ops.retried'));
    return status();
  });

  registerAction(app, actions.opsSkip, auth.authorize, async (input, context) => {
    const by = auth.viewerOf(context.request) ?? 'unknown';
    await deps.claims(by, actions.opsSkip.path, context.commandId, input);
    const failure = failureOf(input.projection);
    if (failure.eventId !== input.eventId) throw new AppError('PROJECTION_NOT_AT_EVENT');
    await recordSkip(
      eventStore,
      {
        projection: input.projection,
        position: failure.position,
        eventId: failure.eventId,
        eventType: failure.eventType,
        streamName: failure.streamName,
        error: failure.error.slice(0, 2000),
        reason: input.reason,
      },
      {
        commandId: context.commandId,
        correlationId: context.correlationId,
        actor: { kind: 'user', id: by },
        now: clock.now(),
      },
    );
    // The runner reads the skip from the log too; telling it here resumes this process's at once.
    await atMost(runner.noteSkip({ projection: input.projection, eventId: input.eventId }), 5_000);
    context.setMessage(t('ops.skipped'));
    return status();
  });

  registerAction(app, actions.opsRebuild, auth.authorize, async ({ projection }, context) => {
    if (deps.rebuilds.start(projectionNamed(projection)) === false) throw new AppError('REBUILD_RUNNING');
    context.setMessage(t('ops.rebuildStarted'));
    return status();
  });

  registerAction(app, actions.opsReplayStream, auth.authorize, async ({ stream }, context) => {
    const count = await replayStream(deps, stream);
    context.setMessage(t('ops.replayed'));
    return { stream, events: count };
  });
};

/**
 * Replays one stream's events into every read model that follows the log (with the subscription held):
 * the projectors' guards leave what is already applied as it is and put back what is missing.
 */
export async function replayStream(
  deps: Pick<OpsDeps, 'runner' | 'eventStore' | 'docs' | 'projections' | 'logger'>,
  stream: string,
) {
  const { runner, eventStore, docs } = deps;
  const release = await runner.pause();
  try {
    const upTo = runner.position();
    const events = (await eventStore.readStream(stream)).filter((e) => e.position <= upTo);
    const following = new Set(
      runner
        .status()
        .projections.filter(
          (p) => p.state === 'live' || p.state === 'rebuilding' || p.state === 'catching-up',
        )
        .map((p) => p.name),
    );
    const skips = runner.skips();
    const { byCollection, outcomes } = planLanes(
      deps.projections
        .filter((p) => following.has(p.name))
        .map((projection) => ({ projection, after: '', skips: skips.get(projection.name) })),
      events,
    );
    for (const o of outcomes)
      if (o.failure)
        deps.logger.warn({ projection: o.name, error: o.failure.error }, 'replay left an event out');
    await docs.withTransaction(async () => {
      for (const [collection, ops] of byCollection) await docs.collection(collection).bulkWrite(ops);
    });
    return events.length;
  } finally {
    release();
  }
}

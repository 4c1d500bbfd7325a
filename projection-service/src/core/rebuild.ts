import { type Position, START } from '@wine/event-schemas';
import type { Clock, DocumentStore, EventStore, Logger } from '@wine/platform';
import { CHECKPOINTS, checkpointOperation } from './checkpoints.ts';
import type { Projection } from './projection.ts';
import { type ProjectionRunner, planBatch } from './runner.ts';

export interface RebuildDeps {
  eventStore: EventStore;
  docs: DocumentStore;
  projection: Projection;
  clock: Clock;
  logger: Logger;
  /** The live runner in this process, paused for the swap so no event falls between the two copies. */
  runner?: ProjectionRunner;
  batchSize?: number;
}

export interface RebuildResult {
  projection: string;
  events: number;
  position: Position;
  durationMs: number;
}

export const shadowName = (collection: string) => `${collection}__rebuild`;

/** Creates a projection's indexes, on its collections or on copies named by `rename` (idempotent). */
export async function createProjectionIndexes(
  docs: DocumentStore,
  projection: Projection,
  rename: (collection: string) => string = (c) => c,
): Promise<void> {
  for (const [collection, specs] of Object.entries(projection.indexes ?? {})) {
    for (const spec of specs) await docs.collection(rename(collection)).createIndex(spec);
  }
}

/**
 * Blue/green rebuild (ARCHITECTURE.md): replay the log into shadow collections while queries keep
 * reading the live ones, then swap each in with renameCollection(dropTarget). Replaying the events
 * after the swap once more is safe because projections are idempotent, and closes the gap with a live
 * projector running in another process.
 */
export async function rebuildProjection(deps: RebuildDeps): Promise<RebuildResult> {
  const { eventStore, docs, projection, clock, logger } = deps;
  const batchSize = deps.batchSize ?? 1000;
  const started = Date.now();
  for (const c of projection.collections) await docs.dropCollection(shadowName(c));
  await createProjectionIndexes(docs, projection, shadowName);

  let events = 0;
  const replay = async (from: Position, rename: (c: string) => string): Promise<Position> => {
    let position = from;
    for (;;) {
      const batch = await eventStore.readAll({ after: position, maxCount: batchSize });
      const last = batch[batch.length - 1];
      if (!last) return position;
      const { byCollection } = planBatch([projection], batch);
      for (const [collection, ops] of byCollection) await docs.collection(rename(collection)).bulkWrite(ops);
      events += batch.length;
      position = last.position;
    }
  };

  let position = await replay(START, shadowName);
  const release = deps.runner ? await deps.runner.pause() : null;
  try {
    position = await replay(position, shadowName);
    for (const c of projection.collections) {
      if ((await docs.listCollections()).includes(shadowName(c))) {
        await docs.renameCollection(shadowName(c), c, { dropTarget: true });
      } else {
        await docs.dropCollection(c);
      }
    }
    position = await replay(position, (c) => c);
    await docs
      .collection(CHECKPOINTS)
      .bulkWrite([checkpointOperation(projection.name, position, clock.now())]);
  } finally {
    release?.();
  }
  const result = { projection: projection.name, events, position, durationMs: Date.now() - started };
  logger.info(result, 'projection rebuilt');
  return result;
}

import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Position, START } from '@wine/event-schemas';
import {
  type Clock,
  type DocumentStore,
  defaultIndexName,
  type EventStore,
  type IndexSpec,
  type Logger,
  sameIndexSpec,
} from '@wine/platform';
import { CHECKPOINTS, checkpointOperation } from './checkpoints.ts';
import { planLanes } from './plan.ts';
import type { Projection } from './projection.ts';
import type { ProjectionRunner } from './runner.ts';
import { loadSkips } from './skips.ts';

export interface RebuildProgress {
  /** Events replayed so far. */
  events: number;
  position: Position;
  /** Share of the log (as it stood at the start) replayed, 0 to 1. */
  fraction: number;
}

export interface RebuildDeps {
  eventStore: EventStore;
  docs: DocumentStore;
  projection: Projection;
  clock: Clock;
  logger: Logger;
  /** The live runner in this process, paused for the swap so no event falls between the two copies. */
  runner?: ProjectionRunner;
  batchSize?: number;
  /** Told after each replayed page. */
  onProgress?: (progress: RebuildProgress) => void;
}

export interface RebuildResult {
  projection: string;
  events: number;
  position: Position;
  durationMs: number;
}

export const shadowName = (collection: string) => `${collection}__rebuild`;

/**
 * Creates a projection's indexes, on its collections or on copies named by `rename` (idempotent). An
 * index whose keys or options changed under the same name is dropped and created anew (issue 13: on
 * MongoDB the old one made the start fail, while the embedded store kept it); text indexes, which
 * MongoDB lists under other keys, are left as they are.
 */
export async function createProjectionIndexes(
  docs: DocumentStore,
  projection: Projection,
  rename: (collection: string) => string = (c) => c,
): Promise<void> {
  for (const [collection, specs] of Object.entries(projection.indexes ?? {})) {
    const coll = docs.collection(rename(collection));
    const existing = new Map((await coll.listIndexes()).map((i) => [i.name, i]));
    for (const spec of specs) {
      const found = existing.get(spec.name ?? defaultIndexName(spec.key));
      if (found && changedIndex(found, spec)) await coll.dropIndex(found.name as string);
      await coll.createIndex(spec);
    }
  }
}

/** The index of that name in the store is not the one the projection declares (text indexes aside). */
export function changedIndex(found: IndexSpec, wanted: IndexSpec): boolean {
  const text = (spec: IndexSpec) => '_fts' in spec.key || Object.values(spec.key).includes('text');
  return !text(found) && !text(wanted) && !sameIndexSpec(found, wanted);
}

/** How far `position` is into a log whose head is `head` (positions grow with the log on every store). */
export function logFraction(position: Position, head: Position): number {
  if (!head || !position) return head ? 0 : 1;
  const h = BigInt(head);
  if (h === 0n) return 1;
  const f = Number((BigInt(position) * 10_000n) / h) / 10_000;
  return Math.min(1, Math.max(0, f));
}

/**
 * Blue/green rebuild (ARCHITECTURE.md): replay the log into shadow collections while queries keep
 * reading the live ones, then swap each in with renameCollection(dropTarget). Replaying the events
 * after the swap once more is safe because projections are idempotent, and closes the gap with a live
 * projector running in another process. Events support skipped (ProjectionEventSkipped) are skipped
 * again; an event the projection throws on ends the rebuild before the swap, the live model untouched.
 */
export async function rebuildProjection(deps: RebuildDeps): Promise<RebuildResult> {
  const { eventStore, docs, projection, clock, logger } = deps;
  const batchSize = deps.batchSize ?? 1000;
  const started = Date.now();
  const skips = (deps.runner?.skips() ?? (await loadSkips(eventStore))).get(projection.name);
  const head = await eventStore.headPosition();
  for (const c of projection.collections) await docs.dropCollection(shadowName(c));
  // The shadow copies are read by nobody until the swap: their indexes are built once, before it.
  const buildIndexes = docs.deferIndexes?.(projection.collections.map(shadowName));
  await createProjectionIndexes(docs, projection, shadowName);

  let events = 0;
  const replay = async (from: Position, rename: (c: string) => string): Promise<Position> => {
    let position = from;
    for (;;) {
      const batch = await eventStore.readAll({ after: position, maxCount: batchSize });
      const last = batch[batch.length - 1];
      if (!last) return position;
      const { byCollection, outcomes } = planLanes([{ projection, after: START, skips }], batch);
      const failure = outcomes[0]?.failure;
      if (failure) {
        throw new Error(
          `${projection.name} cannot apply ${failure.event.type} ${failure.event.id} at ${failure.event.position}: ${failure.error}`,
        );
      }
      for (const [collection, ops] of byCollection) await docs.collection(rename(collection)).bulkWrite(ops);
      events += batch.length;
      position = last.position;
      deps.onProgress?.({ events, position, fraction: logFraction(position, head) });
      // The embedded stores answer synchronously: without a turn of the event loop per page, a
      // rebuild would hold every request until it ends, and the old model would not serve meanwhile.
      await nextTurn();
    }
  };

  let position: Position;
  try {
    position = await replay(START, shadowName);
  } catch (error) {
    for (const c of projection.collections) await docs.dropCollection(shadowName(c));
    throw error;
  } finally {
    buildIndexes?.();
  }
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
    deps.runner?.adopt(projection.name, position);
  } finally {
    release?.();
  }
  const result = { projection: projection.name, events, position, durationMs: Date.now() - started };
  logger.info(result, 'projection rebuilt');
  return result;
}

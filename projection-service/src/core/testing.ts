import { padPosition, type RecordedEvent } from '@wine/event-schemas';
import { createEmbeddedDocumentStore, type DocumentStore } from '@wine/platform';
import type { Projection } from './projection.ts';
import { planBatch } from './runner.ts';

/** Records events for projection specs: increasing positions and revisions, one clock minute apart. */
export function eventRecorder(startAt = '2026-11-22T12:00:00.000Z') {
  let position = 0;
  const revisions = new Map<string, number>();
  return (streamName: string, type: string, data: unknown): RecordedEvent => {
    position += 1;
    const revision = (revisions.get(streamName) ?? -1) + 1;
    revisions.set(streamName, revision);
    return {
      id: `e-${position}`,
      type,
      version: 1,
      data,
      streamName,
      revision,
      position: padPosition(position),
      metadata: {
        correlationId: 'c',
        causationId: 'c',
        commandId: `cmd-${position}`,
        actor: { kind: 'system', id: 'spec' },
        occurredAt: new Date(Date.parse(startAt) + position * 60_000).toISOString(),
        prevHash: '',
        hash: 'h',
      },
    };
  };
}

/** Applies the events one batch at a time, as the runner does, to `docs` (a fresh embedded store by default). */
export async function applyEvents(
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  docs: DocumentStore = createEmbeddedDocumentStore(),
  batchSize = 1,
): Promise<DocumentStore> {
  for (let i = 0; i < events.length; i += batchSize) {
    const { byCollection } = planBatch(projections, events.slice(i, i + batchSize));
    for (const [name, ops] of byCollection) await docs.collection(name).bulkWrite(ops);
  }
  return docs;
}

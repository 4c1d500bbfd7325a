import { type Position, START } from '@wine/event-schemas';
import type { DocumentStore } from '@wine/platform';

/** A checkpoint per projection, in the read store itself (ARCHITECTURE.md: `checkpoints` collection). */
export interface CheckpointDoc {
  _id: string;
  [key: string]: unknown;
  position: Position;
  updatedAt: string;
}

export const CHECKPOINTS = 'checkpoints';

export async function loadCheckpoint(docs: DocumentStore, name: string): Promise<Position> {
  const found = await docs.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: name });
  return found?.position ?? START;
}

export function checkpointOperation(name: string, position: Position, now: Date) {
  return {
    updateOne: {
      filter: { _id: name },
      update: { $set: { position, updatedAt: now.toISOString() } },
      upsert: true,
    },
  } as const;
}

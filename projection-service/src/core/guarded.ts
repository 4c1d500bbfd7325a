import type { RecordedEvent } from '@wine/event-schemas';
import type { ProjectedOperation } from './projection.ts';

/** The update operators the projectors use. */
export interface GuardedChange {
  $set?: Record<string, unknown>;
  $inc?: Record<string, number>;
  $unset?: Record<string, ''>;
  $addToSet?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
  $push?: Record<string, unknown>;
}

/**
 * Changes one document only if `event` is newer than the last position applied to it, and records the
 * event's position there: an event already applied (a replay, a redelivery) matches nothing
 * (ARCHITECTURE.md "Known pitfalls", MongoDB read models). The one guard every projector uses.
 */
export function guardedUpdate(
  collection: string,
  _id: string,
  event: Pick<RecordedEvent, 'position'>,
  change: GuardedChange,
): ProjectedOperation {
  const $set: Record<string, unknown> = {};
  if (change.$set) for (const field in change.$set) $set[field] = change.$set[field];
  $set._position = event.position;
  // Built field by field: spreading the change (of many shapes) was a tenth of a catch-up's planning.
  const update: Record<string, unknown> = { $set };
  for (const op in change) {
    const fields = change[op as keyof GuardedChange];
    if (op !== '$set' && fields) update[op] = fields;
  }
  return {
    collection,
    operation: { updateOne: { filter: { _id, _position: { $lt: event.position } }, update } },
  };
}

/** Deletes one document, guarded the same way: a replayed event deletes nothing written after it. */
export function guardedDelete(
  collection: string,
  _id: string,
  event: Pick<RecordedEvent, 'position'>,
): ProjectedOperation {
  return { collection, operation: { deleteOne: { filter: { _id, _position: { $lt: event.position } } } } };
}

/**
 * The same guard for an update pipeline, for a change computed from the document's own fields (a
 * running balance, a status from what is paid): the stages run only if `event` is newer than the last
 * position applied, and the last stage records it. Values taken from an event go in `$literal`, so a
 * text that starts with '$' is never read as a field path.
 */
export function guardedPipeline(
  collection: string,
  _id: string,
  event: Pick<RecordedEvent, 'position'>,
  stages: readonly Record<string, unknown>[],
): ProjectedOperation {
  return {
    collection,
    operation: {
      updateOne: {
        filter: { _id, _position: { $lt: event.position } },
        update: [...stages, { $set: { _position: { $literal: event.position } } }],
      },
    },
  };
}

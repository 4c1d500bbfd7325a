import type { RecordedEvent } from '@wine/event-schemas';
import type { BulkOperation, Collection, Doc, IndexSpec } from '@wine/platform';

/**
 * A projection is pure: it turns one recorded event into document operations on its collections.
 * Every operation must be idempotent (guarded by the document's `_position`), so a replayed event is
 * a no-op and at-least-once delivery is safe (ARCHITECTURE.md "Rules"). This is the shape the runner
 * holds, whatever events a projection takes: write one with `defineProjection`.
 */
export interface Projection {
  name: string;
  /** Logical collection names this projection writes (a rebuild writes to shadow copies of them). */
  collections: readonly string[];
  /** Event types it reads; others are skipped without a call. */
  handles: ReadonlySet<string>;
  /** Indexes the queries rely on, per collection: created at start and on a rebuild's shadow copies. */
  indexes?: Readonly<Record<string, readonly IndexSpec[]>>;
  project(event: RecordedEvent): ProjectedOperation[];
}

/** An event of event-schemas (`LotEvent`, `CartEvent`, ...): a type name and its data. */
export interface EventShape {
  type: string;
  data: unknown;
}

/** The recorded events of a union of shapes, still a union: a switch on `type` narrows `data`. */
export type RecordedOf<E extends EventShape> = E extends EventShape
  ? RecordedEvent<E['type'], E['data']>
  : never;

/** A projection of the events `E`: it names the types it takes and projects them typed. */
export interface TypedProjection<E extends EventShape> extends Omit<Projection, 'handles' | 'project'> {
  handles: readonly E['type'][];
  project(event: RecordedOf<E>): ProjectedOperation[];
}

/**
 * A projection typed by the events it takes, as the runner holds it: projections of different events
 * sit in one list. The runner calls `project` only with an event of a type in `handles`, read from the
 * log as its schema's current version (upcast), so the event is one of `E`.
 */
export function defineProjection<E extends EventShape>(projection: TypedProjection<E>): Projection {
  const { handles, project, ...rest } = projection;
  return {
    ...rest,
    handles: new Set<string>(handles),
    project: project as (event: RecordedEvent) => ProjectedOperation[],
  };
}

/**
 * Whether an event of the log is of one of `types`, and so one of `E`: events are read from the log
 * as their schema's current version (upcast), as `defineProjection` relies on too.
 */
export function isOneOf<E extends EventShape>(
  types: ReadonlySet<E['type']>,
  event: RecordedEvent,
): event is RecordedEvent & RecordedOf<E> {
  return (types as ReadonlySet<string>).has(event.type);
}

export interface ProjectedOperation {
  collection: string;
  operation: BulkOperation;
}

export type CollectionResolver = (logical: string) => Collection<Doc>;

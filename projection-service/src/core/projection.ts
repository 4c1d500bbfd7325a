import type { RecordedEvent } from '@wine/event-schemas';
import type { BulkOperation, Collection, Doc, IndexSpec } from '@wine/platform';

/**
 * A projection is pure: it turns one recorded event into document operations on its collections.
 * Every operation must be idempotent (guarded by the document's `_position`), so a replayed event is
 * a no-op and at-least-once delivery is safe (ARCHITECTURE.md "Rules").
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

export interface ProjectedOperation {
  collection: string;
  operation: BulkOperation;
}

export type CollectionResolver = (logical: string) => Collection<Doc>;

import type { RecordedEvent } from '@wine/event-schemas';
import type { Bus, DocumentStore } from '@wine/platform';

/**
 * What committed events changed for one read model, gathered for the bus until published: `add`
 * folds more events in (log order), so a catch-up can tell the bus of many batches at once.
 */
export interface ChangeWindow {
  add(events: readonly RecordedEvent[]): void;
  /** The entries it holds until published (a lot, a user's carts, a watchlist event, ...). */
  pending(): number;
  /** Tells the bus of its changes; the documents are read as committed. */
  publish(bus: Bus, docs: DocumentStore, now: Date): Promise<void>;
}

/** A read model's notices: opens an empty window of changes, one per publish. */
export interface Notifier {
  name: string;
  open(): ChangeWindow;
}

/** The changes not yet published: one window per notifier, in the order they publish. */
export type Changes = readonly ChangeWindow[];

export const noChanges = (notifiers: readonly Notifier[]): Changes => notifiers.map((n) => n.open());

/** Folds the events' changes into every window (log order). */
export function addChanges(changes: Changes, events: readonly RecordedEvent[]): Changes {
  for (const window of changes) window.add(events);
  return changes;
}

/** What the windows hold until published. */
export const pendingEntries = (changes: Changes): number =>
  changes.reduce((sum, window) => sum + window.pending(), 0);

/**
 * Tells the bus of gathered changes (ARCHITECTURE.md: only after the read model is committed, with
 * the log position), one notifier after the other in the order they were registered.
 */
export async function publishChanges(bus: Bus, docs: DocumentStore, changes: Changes, now: Date) {
  for (const window of changes) await window.publish(bus, docs, now);
}

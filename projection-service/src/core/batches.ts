import type { ProjectionEventSkippedData, RecordedEvent } from '@wine/event-schemas';
import { commit } from './commit.ts';
import { addChanges, noChanges, pendingEntries, publishChanges } from './publisher.ts';
import { failed, type RunnerState } from './runner-state.ts';
import { isSkipEvent } from './skips.ts';
import { notifyWaiters } from './waiters.ts';

/** Tells the bus of the changes gathered so far, and starts a new window. */
export async function publishUnpublished(state: RunnerState): Promise<void> {
  if (state.publishTimer) clearTimeout(state.publishTimer);
  state.publishTimer = null;
  state.lastPublishAt = performance.now();
  const changes = state.unpublished;
  state.unpublished = noChanges(state.notifiers);
  const { bus, docs, clock } = state.deps;
  if (bus) await publishChanges(bus, docs, changes, clock.now());
}

/**
 * Live: publishes now when the last publish is `publishSpacingMs` old, else once it is (the window
 * gathers the batches committed meanwhile). The later publish takes its turn after the batch in hand.
 */
async function publishLive(state: RunnerState): Promise<void> {
  const since = performance.now() - state.lastPublishAt;
  if (since >= state.publishSpacingMs) return publishUnpublished(state);
  if (state.publishTimer) return;
  state.publishTimer = setTimeout(() => {
    state.publishTimer = null;
    if (state.stopped) return;
    const work = state.inFlight.then(() => publishUnpublished(state));
    state.inFlight = work.catch((error: unknown) => {
      failed(state, error);
      state.deps.logger.error(
        { err: error, projection: state.deps.name, position: state.position },
        'publishing failed',
      );
    });
  }, state.publishSpacingMs - since);
}

/**
 * Applies one batch of the subscription to the lanes following it, one batch at a time (after the
 * previous one, and after a `pause` is released); then tells the bus, at once when live, per window
 * while catching up.
 */
export async function applyBatch(
  state: RunnerState,
  events: RecordedEvent[],
  noteSkip: (skip: ProjectionEventSkippedData) => Promise<void>,
): Promise<void> {
  await state.gate;
  await state.inFlight;
  const work = (async () => {
    const last = events[events.length - 1];
    if (!last) return;
    await commit(
      state,
      [...state.lanes.values()].filter((lane) => lane.mode === 'main'),
      events,
    );
    state.position = last.position;
    state.eventsApplied += events.length;
    state.wait.reset();
    notifyWaiters(state);
    for (const event of events) if (isSkipEvent(event)) void noteSkip(event.data);
    if (!state.deps.bus) return;
    addChanges(state.unpublished, events);
    if (state.caughtUp) await publishLive(state);
    else if (pendingEntries(state.unpublished) >= state.publishWindow) await publishUnpublished(state);
  })();
  state.inFlight = work.catch(() => undefined);
  await work;
}

/** Holds the next batch until the returned release is called (used by a blue/green swap). */
export async function pause(state: RunnerState): Promise<() => void> {
  let release!: () => void;
  const previous = state.gate;
  state.gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await previous;
  await state.inFlight;
  return release;
}

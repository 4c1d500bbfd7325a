import type { ProjectionEventSkippedData } from '@wine/event-schemas';
import { applyBatch, publishUnpublished } from './batches.ts';
import { failed, indexesBuilt, type RunnerState } from './runner-state.ts';

/**
 * Subscribes to the log after the runner's position: catch-up, then live. Once caught up, the rest of
 * the catch-up window is published; on a failure the subscription is closed and opened again after a
 * backoff, from the position committed.
 */
export function subscribe(
  state: RunnerState,
  noteSkip: (skip: ProjectionEventSkippedData) => Promise<void>,
): void {
  if (state.stopped) return;
  const { eventStore, logger, name } = state.deps;
  state.subscription = eventStore.subscribeToAll((events) => applyBatch(state, events, noteSkip), {
    after: state.position,
    onCaughtUp: () => {
      indexesBuilt(state);
      state.caughtUp = true;
      const { position, eventsApplied } = state;
      logger.info({ projection: name, position, eventsApplied }, 'projections caught up');
      // The rest of the catch-up window, before the next batch (which waits for inFlight's turn).
      const work = state.inFlight.then(() => publishUnpublished(state));
      state.inFlight = work.catch((error: unknown) => {
        failed(state, error);
        logger.error(
          { err: error, projection: name, position: state.position },
          'publishing the catch-up failed',
        );
      });
    },
    onError: (error) => {
      failed(state, error);
      logger.error(
        { err: error, projection: name, position: state.position },
        'projection failed; resubscribing',
      );
      // The failed subscription is closed (its calls with it) before another is opened.
      void state.subscription?.close().catch(() => undefined);
      state.subscription = null;
      if (!state.stopped) state.retryTimer = setTimeout(() => subscribe(state, noteSkip), state.wait.next());
    },
  });
}

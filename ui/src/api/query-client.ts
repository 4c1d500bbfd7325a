import { type DefaultOptions, QueryClient } from '@tanstack/react-query';
import type { ActionName } from '@wine/contracts';
import { actionPaths } from '@wine/contracts/action-paths';
import type { createStore } from 'jotai';
import { tokenAtom } from '../state/session.ts';
import { ApiError } from './client.ts';

/** How many times a read is tried again when nothing answered it (the network, a gateway). */
const TRANSIENT_RETRIES = 2;

/**
 * Only a failure to reach the API is worth another try: an answer with an error (a refusal, a
 * session that ended, a lot that does not exist) says the same the second time.
 */
const transient = (error: unknown): boolean =>
  error instanceof ApiError && (error.responseType === 0 || error.responseType >= 502);

/**
 * The app's cache of server state (TanStack Query): one per app (main.tsx), one per test. Reads are
 * fresh until they are invalidated or refetched on mount; `queries` overrides the defaults (tests
 * turn retries off).
 */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (failures, error) => failures < TRANSIENT_RETRIES && transient(error), ...queries },
      // An action is never repeated by itself: the user sees the answer and decides.
      mutations: { retry: false },
    },
  });
}

/** A query whose action answers the same whoever asks (it never carries the token). */
const isPublic = (queryKey: readonly unknown[]): boolean => {
  const [name] = queryKey;
  return (
    typeof name === 'string' &&
    Object.hasOwn(actionPaths, name) &&
    actionPaths[name as ActionName].auth === 'public'
  );
};

type Store = ReturnType<typeof createStore>;

/**
 * When the session changes hands (sign-in, logout, switch user), the answers kept for the last one
 * (their cards, their bids, lots with their standing) are forgotten, so no page shows them to the
 * next. Pages on screen keep theirs until they load again, as they did before the change.
 */
export function bindQueriesToSession(store: Store, queryClient: QueryClient): () => void {
  return store.sub(tokenAtom, () => {
    queryClient.removeQueries({ type: 'inactive', predicate: (query) => !isPublic(query.queryKey) });
  });
}

import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';

/** What every route's loader and beforeLoad receive (TanStack router context). */
export interface RouterContext {
  /** The app's jotai store: loaders push alerts and read atoms through it. */
  store: ReturnType<typeof createStore>;
  /** The app's server state: loaders make sure a page's queries are loaded before it renders. */
  queryClient: QueryClient;
}

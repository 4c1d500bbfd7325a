import type { createStore } from 'jotai';

/** What every route's loader and beforeLoad receive (TanStack router context). */
export interface RouterContext {
  /** The app's jotai store: loaders push alerts and read atoms through it. */
  store: ReturnType<typeof createStore>;
}

import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from './components/NotFound/NotFound.tsx';
import type { RouterContext } from './router-context.ts';
import { routeTree } from './routeTree.gen.ts';

/**
 * The app's router, made alike in the browser (main.tsx) and on the server (entry-server.tsx, which
 * gives it the memory history of the requested URL and no scroll restoration: its script would be
 * inline, which the CSP refuses).
 */
export function createAppRouter(
  context: RouterContext,
  server?: { history: RouterHistory; scrollRestoration: false },
) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // The query cache decides what is fresh: a preload always asks it (and it loads only what it lacks).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    ...server,
    defaultNotFoundComponent: () => <NotFound />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

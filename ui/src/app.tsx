import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { createStore } from 'jotai';
import { StrictMode, useEffect } from 'react';
import { AppProviders } from './app-providers.tsx';
import { NotificationsHost } from './components/AlertToasts/NotificationsHost.tsx';
import type { createAppRouter } from './router.tsx';

/**
 * The page painted on the server answers the pointer once the app has taken it over (styles.css:
 * `#root[data-first-paint]`). An effect: it runs in the browser only.
 */
function FirstPaintTakenOver() {
  useEffect(() => document.getElementById('root')?.removeAttribute('data-first-paint'), []);
  return null;
}

export interface AppProps {
  store: ReturnType<typeof createStore>;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** The whole app, the same tree in the browser (main.tsx) and on the server (entry-server.tsx). */
export function App({ store, queryClient, router }: AppProps) {
  return (
    <StrictMode>
      <AppProviders store={store} queryClient={queryClient}>
        <FirstPaintTakenOver />
        {/* seeds 000 §4.9: toasts bottom right. */}
        <NotificationsHost position="bottom-right" limit={5} />
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

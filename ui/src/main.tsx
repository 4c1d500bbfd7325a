import './zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';

import { createRouter, RouterProvider } from '@tanstack/react-router';
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bindQueriesToSession, createQueryClient } from './api/query-client.ts';
import { AppProviders } from './app-providers.tsx';
import { NotificationsHost } from './components/AlertToasts/NotificationsHost.tsx';
import { NotFound } from './components/NotFound/NotFound.tsx';
import { restoreLanguage } from './i18n/index.ts';
import { signInSearchFor } from './lib/after-login.ts';
import { routeTree } from './routeTree.gen.ts';
import { bindApiToSession } from './state/session.ts';

// The language chosen last time, before the first text is shown (and the first call asks for it);
// a language other than the default loads its texts first (the render below waits for them).
const languageReady = restoreLanguage();

const store = createStore();
const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { store, queryClient },
  defaultPreload: 'intent',
  // The query cache decides what is fresh: a preload always asks it (and it loads only what it lacks).
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: () => <NotFound />,
});

// seeds 000 §4.8: user actions carry the session's token; a 403 logs out and goes to /login.
bindApiToSession(store, () => {
  void router.navigate({ to: '/login', search: signInSearchFor(router.state.location) });
});
bindQueriesToSession(store, queryClient);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const root = createRoot(container);
void languageReady.finally(() =>
  root.render(
    <StrictMode>
      <AppProviders store={store} queryClient={queryClient}>
        {/* seeds 000 §4.9: toasts bottom right. */}
        <NotificationsHost position="bottom-right" limit={5} />
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);

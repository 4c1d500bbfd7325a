import './zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { NotFound } from './components/NotFound/NotFound.tsx';
import { i18n, restoreLanguage } from './i18n/index.ts';
import { signInSearchFor } from './lib/after-login.ts';
import { routeTree } from './routeTree.gen.ts';
import { bindApiToSession } from './state/session.ts';
import { theme } from './theme.ts';

// The language chosen last time, before the first text is shown (and the first call asks for it).
restoreLanguage();

const store = createStore();

const router = createRouter({
  routeTree,
  context: { store },
  defaultPreload: 'intent',
  // Live pages keep their own copy up to date; a loader result is fresh for 10 s for preloads.
  defaultPreloadStaleTime: 10_000,
  scrollRestoration: true,
  defaultNotFoundComponent: () => <NotFound />,
});

// seeds 000 §4.8: user actions carry the session's token; a 403 logs out and goes to /login.
bindApiToSession(store, () => {
  void router.navigate({ to: '/login', search: signInSearchFor(router.state.location) });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <MantineProvider theme={theme}>
          {/* seeds 000 §4.9: toasts bottom right. */}
          <Notifications position="bottom-right" limit={5} />
          <RouterProvider router={router} />
        </MantineProvider>
      </Provider>
    </I18nextProvider>
  </StrictMode>,
);

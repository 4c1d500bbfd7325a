import './zod-jitless.ts';
// The libraries run first, in a task of their own (start/libraries.ts).
import './start/libraries.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';

import { hydrate } from '@tanstack/react-query';
import { defaultLanguage, i18n, zoneOffsets } from '@wine/contracts';
import { createStore } from 'jotai';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { learnPaintedBodyEncryption } from './api/encryption.ts';
import { bindQueriesToSession, createQueryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import type { PaintedState } from './entry-server.tsx';
import { restoreLanguage } from './i18n/index.ts';
import { signInSearchFor } from './lib/after-login.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import { createAppRouter } from './router.tsx';
import { markPaintedAt } from './state/clock.ts';
import { bindApiToSession, readStoredToken } from './state/session.ts';

// The language chosen last time, before the first text is shown (and the first call asks for it);
// a language other than the default loads its texts first (the render below waits for them).
const languageReady = restoreLanguage();

const store = createStore();
const queryClient = createQueryClient();
// The modules above ran in one task, the router's tree is made in the next (Lighthouse, issue 33).
await yieldToMain();
const router = createAppRouter({ store, queryClient });

// seeds 000 §4.8: user actions carry the session's token; a 403 logs out and goes to /login.
bindApiToSession(store, () => {
  void router.navigate({ to: '/login', search: signInSearchFor(router.state.location) });
});
bindQueriesToSession(store, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

/*
 * A public page comes painted by the server (entry-server.tsx, as a visitor sees it, in the default
 * language, at an instant and in a time zone) with the answers it was painted from. A visitor's app
 * in the same time zone starts from those answers and that instant and, once the page's route is
 * loaded, takes the painted page over as it is (hydration: no page built again). A signed-in user's
 * page carries their standing, another language other texts, another time zone other dates: their app
 * renders its own page over the painted one (in slices, so a phone's main thread is not held for the
 * whole page at once). A page that was not painted is rendered at once.
 */
/** How long after the start the answers a page was painted from count as fresh (see below). */
const PAINTED_ANSWERS_FRESH_MS = 10_000;

const painted = document.getElementById('first-paint-state');
const state = painted?.textContent ? (JSON.parse(painted.textContent) as PaintedState) : null;
painted?.remove();
const takeOver = state !== null && readStoredToken() === null && state.zone === zoneOffsets(state.paintedAt);
if (state && takeOver) {
  // Answers as of the paint: a live page asks again once its socket subscription holds
  // (the realtime client's `subscribed`), so a change between the paint and then is not missed.
  hydrate(queryClient, state.query);
  // Issue 38 §4: the painted default bundle says whether bodies are sealed (it is not asked again).
  learnPaintedBodyEncryption(state.query.queries);
  markPaintedAt(store, state.paintedAt);
  // The page's components do not ask for those answers again as they mount (to a suspense query an
  // answer older than a second is stale): painted a moment ago, they are as fresh as the page, and the
  // socket's resync is the one second look a live page needs. Later mounts ask as they always do.
  const paintedQueries = new Set(state.query.queries.map((query) => query.queryHash));
  const takenAt = Date.now();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      refetchOnMount: (query) =>
        !paintedQueries.has(query.queryHash) || Date.now() - takenAt > PAINTED_ANSWERS_FRESH_MS,
    },
  });
}

const app = <App store={store} queryClient={queryClient} router={router} />;
if (!painted) {
  void languageReady.finally(() => createRoot(container).render(app));
} else {
  void Promise.all([languageReady, router.load()]).finally(() => {
    if (takeOver && i18n.language === defaultLanguage) {
      // The router renders the server's tree (its root route not wrapped in a Suspense boundary), as
      // TanStack's own hydration marks it.
      router.ssr = { manifest: undefined };
      // In a transition too: React hydrates in slices, yielding to the browser between them.
      startTransition(() => {
        hydrateRoot(container, app, {
          // A page that differs from the painted one after all is rendered anew (the specs fail on it).
          onRecoverableError: (error) => console.warn('The painted page was rendered again:', error),
        });
      });
    } else {
      startTransition(() => createRoot(container).render(app));
    }
  });
}

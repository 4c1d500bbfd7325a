import { notifications } from '@mantine/notifications';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DefaultBundle, emptyDefaultBundle } from '@wine/contracts';
import { createStore } from 'jotai';
import { onTestFinished } from 'vitest';
import { configureApi } from '../api/client.ts';
import { bindQueriesToSession } from '../api/query-client.ts';
import { createRealtimeClient } from '../api/realtime/client.ts';
import { AppProviders } from '../app-providers.tsx';
import { NotificationsHost } from '../components/AlertToasts/NotificationsHost.tsx';
import { restoreLanguage } from '../i18n/index.ts';
import { routeTree } from '../routeTree.gen.ts';
import { realtimeClientAtom } from '../state/realtime.ts';
import { bindApiToSession, TOKEN_KEY } from '../state/session.ts';
import { fakeApi, type Handlers } from './fake-api.ts';
import { FakeSocket } from './fake-socket.ts';
import { testQueryClient } from './query-client.ts';

const bundle: DefaultBundle = emptyDefaultBundle;

export interface AppOptions {
  /** The API's answers, by action (the page data the shell needs has defaults). */
  api?: Handlers;
  /** A token stored before start, as a returning user has ("Remember me": local storage). */
  storedToken?: string;
}

/**
 * The whole app (route tree, header, alerts) at a path, as main.tsx wires it: the API client is
 * bound to the store's session and served by a fake API; the socket is a fake one; the query cache
 * is the test's own.
 */
export async function renderApp(path: string, options: AppOptions = {}) {
  if (options.storedToken) localStorage.setItem(TOKEN_KEY, options.storedToken);
  // As at start: the language chosen last time (a reload keeps it).
  restoreLanguage();
  const api = fakeApi({
    getDefault: () => bundle,
    getAllCountries: () => ({ records: [] }),
    getAllStates: () => ({ records: [] }),
    productSearch: () => ({ records: [], totalRecords: 0 }),
    ...options.api,
  });
  const store = createStore();
  const queryClient = testQueryClient();
  const sockets: FakeSocket[] = [];
  store.set(
    realtimeClientAtom,
    createRealtimeClient({
      url: 'ws://test/ws',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    }),
  );
  const router = createRouter({
    routeTree,
    context: { store, queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const restoreFetch = configureApi({ fetch: api.fetch });
  const unbind = bindApiToSession(store, () => {
    void router.navigate({ to: '/login' });
  });
  const unbindQueries = bindQueriesToSession(store, queryClient);
  onTestFinished(() => {
    unbindQueries();
    unbind();
    restoreFetch();
  });
  await act(async () => {
    // Mantine keeps toasts in a module-level store: start without the last test's.
    notifications.clean();
    render(
      // env test: no transitions, and dropdowns stay open although jsdom lays nothing out.
      <AppProviders store={store} queryClient={queryClient} mantineEnv="test">
        {/* As main.tsx: the toast container loads with the first toast. */}
        <NotificationsHost position="bottom-right" />
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await router.load();
  });
  /** The socket the app opened, opened by the "server" (so the client subscribes and signs in). */
  const openSocket = async () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('the app opened no socket');
    if (socket.readyState !== 1) await act(async () => socket.open());
    return socket;
  };
  return { api, store, queryClient, router, user: userEvent.setup(), openSocket };
}

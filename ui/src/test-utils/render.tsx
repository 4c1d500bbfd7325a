import { Notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render as rtlRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { AppProviders } from '../app-providers.tsx';
import type { RouterContext } from '../router-context.ts';
import { testQueryClient } from './query-client.ts';

export interface RenderOptions {
  store?: ReturnType<typeof createStore>;
  /** The query cache (a fresh one, without retries, unless the test brings its own). */
  queryClient?: QueryClient;
  /** The URL the in-memory router starts at. */
  path?: string;
  /** Render Mantine's notifications container too (for toasts). */
  withNotifications?: boolean;
  /** Mantine's test environment: no transitions, so menus and popovers open at once in jsdom. */
  mantineEnv?: 'test';
}

/**
 * Renders like the app does: jotai store, query cache, Mantine theme and confirm dialogs, the
 * i18next instance (English unless the test switches) and a router (so <Link> works), as
 * mantinedev/vite-template's test-utils/render does for the provider.
 */
export async function render(ui: ReactNode, options: RenderOptions = {}) {
  const store = options.store ?? createStore();
  const queryClient = options.queryClient ?? testQueryClient();
  const rootRoute = createRootRouteWithContext<RouterContext>()({});
  // The component under test renders at whatever path the test starts from.
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => ui });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, pageRoute]),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
    context: { store, queryClient },
  });
  await router.load();
  let result!: ReturnType<typeof rtlRender>;
  await act(async () => {
    result = rtlRender(
      <AppProviders
        store={store}
        queryClient={queryClient}
        {...(options.mantineEnv && { mantineEnv: options.mantineEnv })}
      >
        {options.withNotifications ? <Notifications position="bottom-right" /> : null}
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
  return { ...result, store, queryClient, router, user: userEvent.setup() };
}

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render as rtlRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import type { RouterContext } from '../router-context.ts';
import { theme } from '../theme.ts';

export interface RenderOptions {
  store?: ReturnType<typeof createStore>;
  /** The URL the in-memory router starts at. */
  path?: string;
  /** Render Mantine's notifications container too (for toasts). */
  withNotifications?: boolean;
}

/**
 * Renders like the app does: jotai store, Mantine theme and a router (so <Link> works), as
 * mantinedev/vite-template's test-utils/render does for the provider.
 */
export async function render(ui: ReactNode, options: RenderOptions = {}) {
  const store = options.store ?? createStore();
  const rootRoute = createRootRouteWithContext<RouterContext>()({});
  // The component under test renders at whatever path the test starts from.
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => ui });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, pageRoute]),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
    context: { store },
  });
  await router.load();
  let result!: ReturnType<typeof rtlRender>;
  await act(async () => {
    result = rtlRender(
      <Provider store={store}>
        <MantineProvider theme={theme}>
          {options.withNotifications ? <Notifications position="bottom-right" /> : null}
          <RouterProvider router={router} />
        </MantineProvider>
      </Provider>,
    );
  });
  return { ...result, store, router, user: userEvent.setup() };
}

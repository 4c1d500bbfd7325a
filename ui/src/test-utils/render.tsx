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
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import type { RouterContext } from '../router-context.ts';
import { theme } from '../theme.ts';

export interface RenderOptions {
  store?: ReturnType<typeof createStore>;
  /** The URL the in-memory router starts at. */
  path?: string;
  /** Render Mantine's notifications container too (for toasts). */
  withNotifications?: boolean;
  /** Mantine's test environment: no transitions, so menus and popovers open at once in jsdom. */
  mantineEnv?: 'test';
}

/**
 * Renders like the app does: jotai store, Mantine theme, the i18next instance (English unless the
 * test switches) and a router (so <Link> works), as mantinedev/vite-template's test-utils/render
 * does for the provider.
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
      <I18nextProvider i18n={i18n}>
        <Provider store={store}>
          <MantineProvider theme={theme} {...(options.mantineEnv && { env: options.mantineEnv })}>
            {options.withNotifications ? <Notifications position="bottom-right" /> : null}
            <RouterProvider router={router} />
          </MantineProvider>
        </Provider>
      </I18nextProvider>,
    );
  });
  return { ...result, store, router, user: userEvent.setup() };
}

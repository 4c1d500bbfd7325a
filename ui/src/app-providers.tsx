import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ModalsHost } from './components/ConfirmDialog/ModalsHost.tsx';
import { i18n } from './i18n/index.ts';
import { theme } from './theme.ts';

export interface AppProvidersProps {
  /** The session, alerts and realtime state (jotai). */
  store: ReturnType<typeof createStore>;
  /** The server state (TanStack Query). */
  queryClient: QueryClient;
  /** Mantine's test environment: no transitions, so menus and popovers open at once in jsdom. */
  mantineEnv?: 'test';
  children: ReactNode;
}

/**
 * What every screen needs around it, as main.tsx and the test utils wrap the app alike: the texts,
 * the jotai store, the query cache, the theme, and where the confirm dialogs render (@mantine/modals, loaded with the first).
 */
export function AppProviders({ store, queryClient, mantineEnv, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} {...(mantineEnv && { env: mantineEnv })}>
            <ModalsHost />
            {children}
          </MantineProvider>
        </QueryClientProvider>
      </Provider>
    </I18nextProvider>
  );
}

import { notifications } from '@mantine/notifications';
import { emptyDefaultBundle, type UserRecord } from '@wine/contracts';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { alertsAtom } from '../state/alerts.ts';
import { sessionAtom } from '../state/session.ts';
import { fakeApi, type Handlers } from './fake-api.ts';
import { type RenderOptions, render } from './render.tsx';

export interface ComponentOptions extends RenderOptions {
  /** The API's answers, by action (getDefault answers the empty bundle unless told otherwise). */
  api?: Handlers;
  /** The signed-in user; none: signed out. */
  signedInAs?: UserRecord;
}

/**
 * One component with the providers (render) and the API client served by a fake API, signed in as
 * `signedInAs` or signed out; the client is unbound and the toasts cleared when the test ends.
 */
export async function renderWithApi(ui: ReactNode, options: ComponentOptions = {}) {
  const { api: handlers, signedInAs, ...renderOptions } = options;
  const api = fakeApi({ getDefault: () => emptyDefaultBundle, ...handlers });
  const restore = configureApi({ fetch: api.fetch, getToken: () => (signedInAs ? 't' : null) });
  onTestFinished(() => {
    restore();
    notifications.clean();
  });
  const store = renderOptions.store ?? createStore();
  if (signedInAs) store.set(sessionAtom, { status: 'authenticated', token: 't', user: signedInAs });
  const rendered = await render(ui, { ...renderOptions, store });
  /** The alerts queued for toasts, as { msg, type }. */
  const alerts = () => store.get(alertsAtom).map(({ msg, type }) => ({ msg, type }));
  return { ...rendered, api, alerts };
}

/** The clock of every test in the calling describe reads `iso` (only Date is faked: timers still run). */
export function clockAt(iso: string): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(iso));
  });
  afterEach(() => vi.useRealTimers());
}

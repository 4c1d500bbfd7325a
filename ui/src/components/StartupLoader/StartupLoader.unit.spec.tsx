import { act, screen } from '@testing-library/react';
import { emptyDefaultBundle } from '@wine/contracts';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { fakeApi } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { STARTUP_LOADER_MAX_MS, StartupLoader } from './StartupLoader.tsx';
import { statesQuery } from './startup-data.ts';

afterEach(() => vi.useRealTimers());

describe('StartupLoader', () => {
  it('shows while a stored token is validated and ends with the validation', async () => {
    const store = createStore();
    store.set(sessionAtom, { status: 'validating', token: 't' });
    await render(<StartupLoader />, { store });
    expect(screen.getByTestId('startup-loader')).toBeTruthy();
    act(() => store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() }));
    expect(screen.queryByTestId('startup-loader')).toBeNull();
  });

  it('hides by itself after 2.5 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const store = createStore();
    store.set(sessionAtom, { status: 'validating', token: 't' });
    await render(<StartupLoader />, { store });
    act(() => vi.advanceTimersByTime(STARTUP_LOADER_MAX_MS - 100));
    expect(screen.getByTestId('startup-loader')).toBeTruthy();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId('startup-loader')).toBeNull();
  });

  it('is not shown to a visitor without a stored token', async () => {
    const store = createStore();
    store.set(sessionAtom, { status: 'anonymous' });
    await render(<StartupLoader />, { store });
    expect(screen.queryByTestId('startup-loader')).toBeNull();
  });
});

describe('start-up data', () => {
  it("fetches the global variables, the merchant's details, all countries and the states of the default country at start", async () => {
    const api = fakeApi({
      getDefault: () => emptyDefaultBundle,
      getAllCountries: () => ({ records: [{ id: 'US', name: 'United States' }] }),
      getAllStates: ({ country = 'US' }) => ({ records: [{ id: 'IL', name: 'Illinois', country }] }),
    });
    const restore = configureApi({ fetch: api.fetch });
    try {
      const store = createStore();
      store.set(sessionAtom, { status: 'anonymous' });
      const { queryClient } = await render(<StartupLoader />, { store });
      await vi.waitFor(() => expect(queryClient.getQueryData(statesQuery().queryKey)).toBeTruthy());
      expect(api.requests.map((r) => r.action).sort()).toEqual([
        'getAllCountries',
        'getAllStates',
        'getDefault',
        'getFooterLinks',
      ]);
      expect(api.to('getAllStates')[0]?.input).toEqual({ country: 'US' });
    } finally {
      restore();
    }
  });
});

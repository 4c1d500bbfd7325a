import { act, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../state/session.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { STARTUP_LOADER_MAX_MS, StartupLoader } from './StartupLoader.tsx';

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

import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, configureApi } from '../api/client.ts';
import { Failure, fakeApi, type Handlers } from '../test-utils/fake-api.ts';
import { aUser } from '../test-utils/fixtures.ts';
import { alertsAtom } from './alerts.ts';
import {
  bindApiToSession,
  currentUserAtom,
  logoutAtom,
  sessionAtom,
  signInAtom,
  switchBackAtom,
  switchedFromAtom,
  switchSessionAtom,
  TOKEN_KEY,
  tokenAtom,
  validateSessionAtom,
} from './session.ts';

let restore: (() => void)[] = [];
afterEach(() => {
  for (const undo of restore.reverse()) undo();
  restore = [];
});

/** A store bound to a fake API, as main.tsx binds the app's store. */
function setup(handlers: Handlers, stored?: { token: string; remember?: boolean }) {
  if (stored) (stored.remember === false ? sessionStorage : localStorage).setItem(TOKEN_KEY, stored.token);
  const api = fakeApi({ logout: () => null, ...handlers });
  const store = createStore();
  const onSessionEnded = vi.fn();
  restore.push(configureApi({ fetch: api.fetch }));
  restore.push(bindApiToSession(store, onSessionEnded));
  const alerts = () => store.get(alertsAtom).map((a) => `${a.type}: ${a.msg}`);
  return { api, store, onSessionEnded, alerts };
}

describe('session', () => {
  it('starts signed out without a stored token and validates a stored one', async () => {
    expect(setup({}).store.get(sessionAtom)).toEqual({ status: 'anonymous' });

    const { store, api } = setup({ validateUser: () => aUser() }, { token: 'tok-1', remember: false });
    expect(store.get(sessionAtom)).toEqual({ status: 'validating', token: 'tok-1' });
    await Promise.all([store.set(validateSessionAtom), store.set(validateSessionAtom)]);
    expect(store.get(currentUserAtom)?.first_name).toBe('Ada');
    expect(api.to('validateUser')).toHaveLength(1);
    expect(api.to('validateUser')[0]?.authorization).toBe('Bearer tok-1');
  });

  it('keeps the token in local storage with "Remember me", else for the tab only', () => {
    const { store } = setup({});
    store.set(signInAtom, { token: 'kept', id: 'user-1', user: aUser() }, { remember: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('kept');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    store.set(signInAtom, { token: 'tab', id: 'user-1', user: aUser() }, { remember: false });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tab');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store.get(tokenAtom)).toBe('tab');
  });

  it('clears the session and the token when a user action answers 403, and hands over to /login', async () => {
    const { store, onSessionEnded, alerts } = setup(
      {
        validateUser: () => aUser(),
        updateProfile: () => {
          throw new Failure('Session expired. Login again', 403);
        },
      },
      { token: 'tok-1' },
    );
    await store.set(validateSessionAtom);
    await expect(call('updateProfile', { first_name: 'Ada' })).rejects.toThrow(
      'Session expired. Login again',
    );
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(alerts()).toEqual(['error: Session expired. Login again']);
  });

  it("logs a user with force_logout out with 'Session expired. Login again'", async () => {
    const { store, api, alerts } = setup(
      { validateUser: () => aUser({ force_logout: 1 }) },
      { token: 'tok-1' },
    );
    await store.set(validateSessionAtom);
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(api.to('logout')[0]?.authorization).toBe('Bearer tok-1');
    expect(alerts()).toEqual(['error: Session expired. Login again']);
  });

  it('clears the session of a deactivated user, or when validation fails', async () => {
    const deactivated = setup({ validateUser: () => aUser({ status: 'deactivate' }) }, { token: 'tok-1' });
    await deactivated.store.set(validateSessionAtom);
    expect(deactivated.store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    const failing = setup(
      {
        validateUser: () => {
          throw new Failure('Something went wrong!', 500);
        },
      },
      { token: 'tok-2' },
    );
    await failing.store.set(validateSessionAtom);
    expect(failing.store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("logs out: calls logout with the token, clears it and says 'Logged out successfully'", async () => {
    const { store, api, alerts } = setup({ validateUser: () => aUser() }, { token: 'tok-1' });
    await store.set(validateSessionAtom);
    await store.set(logoutAtom);
    expect(api.to('logout')[0]?.authorization).toBe('Bearer tok-1');
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(alerts()).toEqual(['success: Logged out successfully']);
  });
  it('switches to the session of a valid switch token only, keeping the current one otherwise', async () => {
    const { store, onSessionEnded } = setup(
      {
        validateUser: (_input, { authorization }) => {
          if (authorization === 'Bearer tok-7') return aUser({ id: 'user-7', first_name: 'Grace' });
          if (authorization === 'Bearer tok-gone') return aUser({ id: 'user-8', status: 'deactivate' });
          if (authorization === 'Bearer tok-1') return aUser();
          throw new Failure('Session expired. Login again', 403);
        },
      },
      { token: 'tok-1', remember: true },
    );
    store.set(signInAtom, { token: 'tok-1', id: 'user-1', user: aUser() }, { remember: true });

    expect(await store.set(switchSessionAtom, 'tok-bad')).toBeNull();
    expect(await store.set(switchSessionAtom, 'tok-gone')).toBeNull();
    expect(store.get(tokenAtom)).toBe('tok-1');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    expect(onSessionEnded).not.toHaveBeenCalled();

    expect((await store.set(switchSessionAtom, 'tok-7'))?.first_name).toBe('Grace');
    expect(store.get(currentUserAtom)?.id).toBe('user-7');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-7');
    // Issue 34: only this tab switched: the remembered session stays for the others, and is the way back.
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    expect(store.get(switchedFromAtom)).toEqual({ token: 'tok-1', name: 'Ada Lovelace', remembered: true });

    await store.set(switchBackAtom);
    expect(store.get(tokenAtom)).toBe('tok-1');
    expect(store.get(currentUserAtom)?.id).toBe('user-1');
    expect(store.get(switchedFromAtom)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

import { accountMessages, type LoginResult, type UserRecord } from '@wine/contracts';
import { atom, type createStore } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { type ApiError, call, configureApi } from '../api/client.ts';
import { type AlertType, pushAlertAtom } from './alerts.ts';

/**
 * seeds 000 §4.8 / 001 §4: the session. The token is kept in local storage ("Remember me") or
 * session storage; a stored token is validated (validateUser) before the user is trusted.
 */
export type Session =
  | { status: 'anonymous' }
  | { status: 'validating'; token: string }
  | { status: 'authenticated'; token: string; user: UserRecord };

export const TOKEN_KEY = 'token';

function storages(): Storage[] {
  // Storage can be unavailable (private modes, sandboxed frames): then the session lives in memory.
  try {
    return [window.sessionStorage, window.localStorage];
  } catch {
    return [];
  }
}

export function readStoredToken(): string | null {
  for (const storage of storages()) {
    try {
      const token = storage.getItem(TOKEN_KEY);
      if (token) return token;
    } catch {
      // unavailable
    }
  }
  return null;
}

function storeToken(token: string, remember: boolean): void {
  clearStoredToken();
  try {
    (remember ? window.localStorage : window.sessionStorage).setItem(TOKEN_KEY, token);
  } catch {
    // unavailable: the session still works until the tab closes
  }
}

/** Whether the stored token is in local storage: the session began with "Remember me". */
function storedTokenIsRemembered(): boolean {
  try {
    return window.localStorage.getItem(TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

function clearStoredToken(): void {
  for (const storage of storages()) {
    try {
      storage.removeItem(TOKEN_KEY);
    } catch {
      // unavailable
    }
  }
}

/** Read from storage the first time a store asks (so each test's store starts from its own storage). */
export const sessionAtom = atomWithLazy<Session>(() => {
  const token = readStoredToken();
  return token ? { status: 'validating', token } : { status: 'anonymous' };
});

export const tokenAtom = atom((get) => {
  const session = get(sessionAtom);
  return session.status === 'anonymous' ? null : session.token;
});

/** The signed-in user, once validated. */
export const currentUserAtom = atom((get) => {
  const session = get(sessionAtom);
  return session.status === 'authenticated' ? session.user : null;
});

/**
 * True when this tab's session began with a registration: the welcome popup (a notice for returning
 * users) waits for their next sign-in, and the e-mail verification dialog has the screen.
 */
const JUST_REGISTERED_KEY = 'just_registered';
const justRegisteredBase = atomWithLazy(() => {
  try {
    return window.sessionStorage.getItem(JUST_REGISTERED_KEY) === '1';
  } catch {
    return false;
  }
});
/** Kept in sessionStorage with the tab, so a reload of the registration session keeps it. */
export const justRegisteredAtom = atom(
  (get) => get(justRegisteredBase),
  (_get, set, value: boolean) => {
    set(justRegisteredBase, value);
    try {
      if (value) window.sessionStorage.setItem(JUST_REGISTERED_KEY, '1');
      else window.sessionStorage.removeItem(JUST_REGISTERED_KEY);
    } catch {
      // unavailable: the flag lasts until the page reloads
    }
  },
);

/** Login or register answered: keep the token where "Remember me" says and trust the user. */
export const signInAtom = atom(
  null,
  (_get, set, result: LoginResult, options: { remember: boolean; registered?: boolean }) => {
    storeToken(result.token, options.remember);
    set(justRegisteredAtom, options.registered === true);
    set(sessionAtom, { status: 'authenticated', token: result.token, user: result.user });
  },
);

/**
 * changePassword answered a new token (every other session has ended): this session carries on with
 * it, kept in the same storage as the old one and with the same registration flag.
 */
export const renewSessionAtom = atom(null, (get, set, result: LoginResult) => {
  set(signInAtom, result, { remember: storedTokenIsRemembered(), registered: get(justRegisteredAtom) });
});

/** A newer record of the signed-in user (after updateProfile, an e-mail verification...). */
export const setCurrentUserAtom = atom(null, (get, set, user: UserRecord) => {
  const session = get(sessionAtom);
  if (session.status === 'authenticated' && session.user.id === user.id) {
    set(sessionAtom, { ...session, user });
  }
});

/** Forgets the session here (token and user) without asking the server. */
export const clearSessionAtom = atom(null, (_get, set) => {
  clearStoredToken();
  set(sessionAtom, { status: 'anonymous' });
  set(switchedFromAtom, null);
});

/** seeds 000 §4.8: the server said the session is gone (responseType 403). */
export const endSessionAtom = atom(null, (get, set, message: string) => {
  if (get(sessionAtom).status === 'anonymous') return;
  set(clearSessionAtom);
  set(pushAlertAtom, { msg: message || accountMessages.sessionExpired, type: 'error' });
});

/**
 * seeds 000 §2.5 / §4.8: logout calls the logout action, clears the token and says 'Logged out
 * successfully'; a forced logout says 'Session expired. Login again' instead.
 */
export const logoutAtom = atom(
  null,
  async (get, set, options: { message?: string; type?: AlertType } = {}): Promise<void> => {
    const token = get(tokenAtom);
    set(clearSessionAtom);
    set(pushAlertAtom, {
      msg: options.message ?? accountMessages.loggedOut,
      type: options.type ?? 'success',
    });
    if (!token) return;
    try {
      await call('logout', {}, { token, sessionCheck: false });
    } catch {
      // The token is gone here either way; a session the server already ended is fine.
    }
  },
);

const validationAtom = atom<{ token: string; done: Promise<void> } | null>(null);

/**
 * seeds 000 §4.8: what a validated user record means for the session: a deactivated user is
 * signed out, force_logout logs out with 'Session expired. Login again', anyone else is trusted.
 */
const acceptValidatedUserAtom = atom(null, async (get, set, token: string, user: UserRecord) => {
  if (get(tokenAtom) !== token) return;
  if (user.status === 'deactivate') set(clearSessionAtom);
  else if (user.force_logout === 1) {
    await set(logoutAtom, { message: accountMessages.sessionExpired, type: 'error' });
  } else set(sessionAtom, { status: 'authenticated', token, user });
});

/**
 * seeds 000 §2.4 / §4.8: a stored token is validated at start; a deactivated user or any error
 * clears the session. Runs once per token.
 */
export const validateSessionAtom = atom(null, (get, set): Promise<void> => {
  const session = get(sessionAtom);
  if (session.status !== 'validating') return Promise.resolve();
  const { token } = session;
  const running = get(validationAtom);
  if (running?.token === token) return running.done;
  const done = (async () => {
    try {
      await set(acceptValidatedUserAtom, token, await call('validateUser', {}, { token }));
    } catch {
      if (get(tokenAtom) === token) set(clearSessionAtom);
    }
  })();
  set(validationAtom, { token, done });
  return done;
});

/**
 * seeds 001 §4 "A user can switch user, which replaces the token": a switch link's token (issued to an
 * admin by switchuser) is validated on its own, then becomes this tab's session, kept in session
 * storage only. Answers the user, or null when the token is not a usable session; then the session
 * here stays as it was.
 */
export const switchSessionAtom = atom(null, async (get, set, token: string): Promise<UserRecord | null> => {
  let user: UserRecord;
  try {
    // Not the session's token: a 403 here says only that the link is not valid.
    user = await call('validateUser', {}, { token, sessionCheck: false });
  } catch {
    return null;
  }
  if (user.status === 'deactivate' || user.force_logout === 1) return null;
  // Issue 34: the session switched from is kept with this tab, for the banner's way back; a session
  // remembered on this browser stays in local storage for its other tabs.
  // A session still being checked (a /switch link opened in a tab with a stored one) is kept unnamed.
  const before = get(sessionAtom);
  const own =
    before.status === 'authenticated'
      ? { token: before.token, name: `${before.user.first_name} ${before.user.last_name}`.trim() }
      : before.status === 'validating'
        ? { token: before.token, name: '' }
        : null;
  const from =
    own && own.token !== token ? { ...own, remembered: storedTokenIsRemembered() } : get(switchedFromAtom);
  try {
    window.sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // unavailable: the switch lasts until the page reloads
  }
  set(justRegisteredAtom, false);
  set(sessionAtom, { status: 'authenticated', token, user });
  set(switchedFromAtom, from);
  return user;
});

/** Issue 34: the session a tab switched from (switchuser), while it acts as another user. */
export interface SwitchedFrom {
  token: string;
  /** Who switched, as the banner names them. */
  name: string;
  /** Their token is in local storage (still there: only this tab switched). */
  remembered: boolean;
}
const SWITCHED_FROM_KEY = 'switchedFrom';

export const switchedFromAtom = atom(
  (get) => get(switchedFromStore),
  (_get, set, from: SwitchedFrom | null) => {
    try {
      if (from) window.sessionStorage.setItem(SWITCHED_FROM_KEY, JSON.stringify(from));
      else window.sessionStorage.removeItem(SWITCHED_FROM_KEY);
    } catch {
      // unavailable: it lasts until the page reloads
    }
    set(switchedFromStore, from);
  },
);
const switchedFromStore = atomWithLazy<SwitchedFrom | null>(() => {
  try {
    const stored = window.sessionStorage.getItem(SWITCHED_FROM_KEY);
    const from = stored ? (JSON.parse(stored) as Partial<SwitchedFrom>) : null;
    return from && typeof from.token === 'string' && typeof from.name === 'string'
      ? { token: from.token, name: from.name, remembered: from.remembered === true }
      : null;
  } catch {
    return null;
  }
});

/**
 * Issue 34: the way back from a switch: this tab leaves the user's session and takes up the one it
 * switched from again, checked anew with the server (it may have ended meanwhile: then signed out).
 */
export const switchBackAtom = atom(null, async (get, set): Promise<void> => {
  const from = get(switchedFromAtom);
  if (!from) return;
  set(switchedFromAtom, null);
  try {
    window.sessionStorage.removeItem(TOKEN_KEY);
    if (!from.remembered) window.sessionStorage.setItem(TOKEN_KEY, from.token);
  } catch {
    // unavailable
  }
  // Checked anew: the validation of this token at start is long past.
  set(validationAtom, null);
  set(sessionAtom, { status: 'validating', token: from.token });
  await set(validateSessionAtom);
});

/** Loads the signed-in user again (after a change made elsewhere, such as a verified e-mail). */
export const reloadUserAtom = atom(null, async (get, set): Promise<void> => {
  // A validation under way may have read the record before the change.
  if (get(sessionAtom).status === 'validating') await set(validateSessionAtom);
  const token = get(tokenAtom);
  if (!token || get(sessionAtom).status !== 'authenticated') return;
  try {
    await set(acceptValidatedUserAtom, token, await call('validateUser', {}, { token }));
  } catch {
    // A 403 has ended the session already; anything else leaves the record as it was.
  }
});

type Store = ReturnType<typeof createStore>;

/**
 * Binds the API client to a store's session: user actions carry its bearer token, and a 403 on one
 * ends the session and calls onSessionEnded (the app goes to /login). Returns the unbinding.
 */
export function bindApiToSession(store: Store, onSessionEnded: (error: ApiError) => void): () => void {
  return configureApi({
    getToken: () => store.get(tokenAtom),
    onSessionInvalid: (error) => {
      if (store.get(sessionAtom).status === 'anonymous') return;
      store.set(endSessionAtom, error.message);
      onSessionEnded(error);
    },
  });
}

import { atom, type createStore, useStore } from 'jotai';
import { useCallback, useState, useSyncExternalStore } from 'react';

/**
 * seeds 000 §1 / §4.5: the server clock is authoritative. Milliseconds to add to the local clock,
 * from the socket's `servertime` dTime.
 */
export const serverClockAtom = atom(0);

export function offsetFromServerTime(dTime: string, localNow = Date.now()): number {
  const server = Date.parse(dTime);
  return Number.isNaN(server) ? 0 : server - localNow;
}

/** The local clock, ticking once a second while anything reads it (seeds 000 §9: tick 1 second). */
const localNowAtom = atom(0);
localNowAtom.onMount = (setNow) => {
  setNow(Date.now());
  const timer = setInterval(() => setNow(Date.now()), 1000);
  return () => clearInterval(timer);
};

/** The instant a page was painted on the server (0: not painted): what its clocks read (useServerNow). */
const paintedAtAtom = atom(0);

/**
 * A page painted on the server at `ms` (entry-server.tsx, which renders at it, and main.tsx, which
 * takes the painted page over): its clocks read that instant until the app has taken it over.
 */
export function markPaintedAt(store: ReturnType<typeof createStore>, ms: number): void {
  store.set(paintedAtAtom, ms);
}

/** Server time now, in epoch milliseconds; re-renders readers every second. */
export const serverNowAtom = atom((get) => (get(localNowAtom) || Date.now()) + get(serverClockAtom));

/**
 * Server time now for a component, ticking every second. While React takes over a page painted on the
 * server (hydration, part by part: a part that loads its code later is taken over later, when the
 * clock has moved on), and on the server, it reads the instant the page was painted, so every part
 * renders as it was painted; then the clock (React's server snapshot of an external store).
 */
export function useServerNow(): number {
  const store = useStore();
  const subscribe = useCallback((notify: () => void) => store.sub(serverNowAtom, notify), [store]);
  const now = useCallback(() => store.get(serverNowAtom), [store]);
  const painted = useCallback(() => store.get(paintedAtAtom) || store.get(serverNowAtom), [store]);
  return useSyncExternalStore(subscribe, now, painted);
}

/** Server time when the component first rendered, as a Date, for defaults a form starts from (no tick). */
export function useServerNowOnce(): Date {
  const store = useStore();
  const [now] = useState(() => new Date(store.get(serverNowAtom)));
  return now;
}

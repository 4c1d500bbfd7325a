import { atom } from 'jotai';

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

/** Server time now, in epoch milliseconds; re-renders readers every second. */
export const serverNowAtom = atom((get) => (get(localNowAtom) || Date.now()) + get(serverClockAtom));

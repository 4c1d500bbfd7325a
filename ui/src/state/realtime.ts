import type { LotMessage } from '@wine/contracts';
import { atom, useAtomValue } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { useEffect, useEffectEvent } from 'react';
import { createRealtimeClient, defaultSocketUrl } from '../api/realtime/client.ts';
import type { ConnectionStatus, LotChannel, UserChange } from '../api/realtime/types.ts';
import { pushAlertAtom } from './alerts.ts';
import { offsetFromServerTime, serverClockAtom } from './clock.ts';
import { sessionAtom } from './session.ts';

export type { ConnectionStatus, LotChannel } from '../api/realtime/types.ts';

/** One client per jotai store (so tests get their own). */
export const realtimeClientAtom = atomWithLazy(() => createRealtimeClient({ url: defaultSocketUrl }));

export const connectionStatusAtom = atom<ConnectionStatus>('offline');

/**
 * The socket: open while anything reads this atom (the header's live indicator does), closed after.
 * It keeps the server clock and the connection status up to date; reconnects with backoff and
 * resumes from the last position seen.
 */
export const socketAtom = atom(
  (get) => get(connectionStatusAtom),
  (get, set, _action: 'start') =>
    get(realtimeClientAtom).start({
      onStatus: (status) => set(connectionStatusAtom, status),
      onServerTime: (dTime) => set(serverClockAtom, offsetFromServerTime(dTime)),
      onError: (msg) => set(pushAlertAtom, { msg, type: 'error' }),
    }),
);
socketAtom.onMount = (dispatch) => dispatch('start');

/**
 * Calls onLotChanged for every committed change of the lots on the channels ('lots' or 'lot:<id>'),
 * and onResync when changes may have been missed (refetch then).
 */
export function useLotChanges(
  channels: readonly LotChannel[],
  onLotChanged: (message: LotMessage) => void,
  onResync?: () => void,
): void {
  const client = useAtomValue(realtimeClientAtom);
  const changed = useEffectEvent(onLotChanged);
  const resync = useEffectEvent(() => onResync?.());
  const key = channels.join(' ');
  useEffect(
    () =>
      client.listen({
        channels: key.split(' ') as LotChannel[],
        onLotChanged: (message) => changed(message),
        onResync: () => resync(),
      }),
    [client, key],
  );
}

/** Calls onMessage with the signed-in user's own messages (their standing changed; watchlistAdded). */
export function useUserMessages(onMessage: (message: UserChange) => void): void {
  const client = useAtomValue(realtimeClientAtom);
  const handle = useEffectEvent(onMessage);
  useEffect(() => client.listenUser({ onMessage: (message) => handle(message) }), [client]);
}

/**
 * Calls onChanged when the signed-in user's carts changed (the `cartChanged` message: a line, an
 * invoice issued, paid or voided, wallet credit), or may have
 * changed while the socket was away (a resync).
 */
export function useCartChanges(onChanged: () => void): void {
  const client = useAtomValue(realtimeClientAtom);
  const handle = useEffectEvent(onChanged);
  useEffect(() => client.listenCarts({ onCartChanged: () => handle() }), [client]);
}

/** The socket speaks for the validated session's user (their own channel), and for no one after logout. */
export function useSocketSession(): void {
  const client = useAtomValue(realtimeClientAtom);
  const session = useAtomValue(sessionAtom);
  const token = session.status === 'authenticated' ? session.token : null;
  useEffect(() => client.setToken(token), [client, token]);
}

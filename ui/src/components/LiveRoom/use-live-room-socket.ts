import type { LiveComingUpMessage, LiveRoomMessage } from '@wine/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useEffectEvent } from 'react';
import { connectionStatusAtom, realtimeClientAtom } from '../../state/realtime.ts';

export interface LiveRoomSocketHandlers {
  /** A committed change: the whole room (issue 37). */
  onRoom: (message: LiveRoomMessage) => void;
  /** A lot of this sale on the user's watchlist comes up soon. */
  onComingUp?: (message: LiveComingUpMessage) => void;
  /** The room may have changed unseen (the channel took hold, a reconnect with nothing to resume): read it. */
  onResync: () => void;
}

/**
 * Listens to one live sale's room on the socket ('live:<auctionId>') while mounted, and tells whether the
 * socket is up: `open` (frames come; no need to poll) and `lost` (it dropped and is reconnecting). The
 * socket itself is kept open by the header's live indicator.
 */
export function useLiveRoomSocket(
  auctionId: string,
  handlers: LiveRoomSocketHandlers,
): { open: boolean; lost: boolean } {
  const client = useAtomValue(realtimeClientAtom);
  const status = useAtomValue(connectionStatusAtom);
  const room = useEffectEvent(handlers.onRoom);
  const comingUp = useEffectEvent((message: LiveComingUpMessage) => handlers.onComingUp?.(message));
  const resync = useEffectEvent(handlers.onResync);
  useEffect(
    () =>
      client.listenLive({
        auctionId,
        onRoom: (message) => room(message),
        onComingUp: (message) => comingUp(message),
        onResync: () => resync(),
      }),
    [client, auctionId],
  );
  return { open: status === 'open', lost: status === 'reconnecting' };
}

import type { LiveComingUpMessage, LiveRoomMessage, ServerMessage } from '@wine/contracts';
import type { Subscriptions } from './subscriptions.ts';
import type { ConnectionHandlers, UserChange } from './types.ts';

const SEEN_LIMIT = 1000;

/** The last log position seen (sent as `resume` after a reconnect), shared with the connection. */
export interface Position {
  last: string | null;
}

export interface MessageTargets {
  subscriptions: Subscriptions;
  /** The connection's handlers of the moment (server time, errors). */
  handlers: () => ConnectionHandlers;
  position: Position;
}

/**
 * Reads a server message and hands it on: a change once (it can come on two channels, and again in a
 * resume replay), moving the position on; the server's time, errors, confirmations and resyncs.
 */
export function createMessageReader({ subscriptions, handlers, position }: MessageTargets) {
  const seen = new Set<string>();

  /** Keeps a key seen (a change delivered once), forgetting the oldest past the limit. */
  const firstSight = (key: string): boolean => {
    if (seen.has(key)) return false;
    seen.add(key);
    if (seen.size > SEEN_LIMIT) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    return true;
  };

  const advance = (to: string) => {
    if (position.last === null || to > position.last) position.last = to;
  };

  const deliverCartChange = (at: string) => {
    // A resume replay repeats it: once is enough.
    if (!firstSight(`${at}/cart`)) return;
    advance(at);
    subscriptions.deliverCart();
  };

  /** Issue 37: a live room's frame, and a lot of a sale on the user's watchlist coming up; each once. */
  const deliverLive = (message: LiveRoomMessage | LiveComingUpMessage) => {
    const key =
      message.type === 'liveRoom'
        ? `${message.position}/live/${message.room.auction_id}`
        : `${message.position}/coming/${message.lot_id}`;
    if (!firstSight(key)) return;
    advance(message.position);
    if (message.type === 'liveRoom') subscriptions.deliverLiveRoom(message);
    else subscriptions.deliverComingUp(message);
  };

  const deliver = (message: UserChange) => {
    // A lot can reach us on both 'lots' and 'lot:<id>', and again in a resume replay: deliver it once.
    const key =
      message.type === 'watchlistAdded'
        ? `${message.position}/watch/${message.lot_id}`
        : `${message.position}/${message.lot.id}`;
    if (!firstSight(key)) return;
    advance(message.position);
    if (message.type === 'watchlistAdded' || message.status !== undefined) {
      subscriptions.deliverUser(message);
    }
    if (message.type === 'watchlistAdded') return;
    subscriptions.deliverLot(message);
  };

  return (raw: unknown) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(raw)) as ServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'servertime':
        handlers().onServerTime?.(message.dTime);
        return;
      case 'bidAddtime':
      case 'realclosedupdates':
      case 'lotChanged':
      case 'watchlistAdded':
        deliver(message);
        return;
      case 'liveRoom':
      case 'liveComingUp':
        deliverLive(message);
        return;
      case 'cartChanged':
      // Issue 36: an offer of the user's changed: the temporary cart (accepted offers) with it, so the
      // cart listeners hear it (the offer screens listen there too).
      case 'offerChanged':
        deliverCartChange(message.position);
        return;
      case 'authenticated':
        return;
      case 'subscribed':
        subscriptions.confirmed(message.channels);
        return;
      case 'resync':
        // The server could not replay: what we show may be stale. Continue from its current position.
        position.last = message.position;
        subscriptions.resyncAll();
        return;
      case 'error':
        handlers().onError?.(message.message);
        return;
      default: {
        const _exhaustive: never = message;
        void _exhaustive;
      }
    }
  };
}

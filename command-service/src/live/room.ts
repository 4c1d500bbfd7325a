import type { AuctionEvent, LiveRoomEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';

/** Issue 37: the live room of a sale, as its auction's stream leaves it. */
export interface LiveRoom {
  status: 'open' | 'paused' | 'closed';
  auctioneerId: string;
  /** The lot the room is on, or null before the first call. */
  currentLotId: string | null;
  /** The lots called, in order: each is called once. */
  called: string[];
  /** The latest messages to the room (the log keeps them all). */
  messages: string[];
}

/** The bidders' paddles for a sale: each bidder's number, and the bidder of each number. */
export interface Paddles {
  byUser: Record<string, string>;
  byPaddle: Record<string, string>;
}

export const noPaddles: Paddles = { byUser: {}, byPaddle: {} };

/** What the room's commands are decided on: the sale's kind and lots, its room and its paddles. */
export type RoomState = {
  kind: 'timed' | 'live' | null;
  lotIds: string[];
  room: LiveRoom | null;
  paddles: Paddles;
};

export type LiveRoomCommand =
  | { type: 'OpenSale'; auctioneerId: string }
  | { type: 'CallLot'; lotId: string }
  | { type: 'PauseSale'; reason: string }
  | { type: 'ResumeSale' }
  | { type: 'SpeakToRoom'; text: string }
  | { type: 'CloseSale' }
  | { type: 'AssignPaddle'; userId: string };

/** The paddles after a paddle was taken. Pure. */
export const withPaddle = (paddles: Paddles, paddle: string, userId: string): Paddles => ({
  byUser: { ...paddles.byUser, [userId]: paddle },
  byPaddle: { ...paddles.byPaddle, [paddle]: userId },
});

/** The room after one of its events (paddles are folded by withPaddle). Pure. */
export function evolveRoom(room: LiveRoom | null, event: LiveRoomEvent): LiveRoom | null {
  if (event.type === 'LiveSaleOpened')
    return (
      room ?? {
        status: 'open',
        auctioneerId: event.data.auctioneerId,
        currentLotId: null,
        called: [],
        messages: [],
      }
    );
  if (!room) return room;
  switch (event.type) {
    case 'LiveLotCalled':
      return { ...room, currentLotId: event.data.lotId, called: [...room.called, event.data.lotId] };
    case 'LiveSalePaused':
      return { ...room, status: 'paused' };
    case 'LiveSaleResumed':
      return { ...room, status: 'open' };
    case 'LiveRoomMessage':
      return { ...room, messages: [...room.messages.slice(-19), event.data.text] };
    case 'LiveSaleClosed':
      return { ...room, status: 'closed', currentLotId: null };
    case 'LivePaddleAssigned':
      return room;
    default: {
      const _exhaustive: never = event;
      return room;
    }
  }
}

/**
 * The room's commands (DOMAIN.md "Live room"): a live sale is opened once by an auctioneer, calls each
 * of its lots once and in any order the clerk chooses, pauses, resumes, speaks, and closes; a bidder
 * takes one paddle per sale, the next number from 101.
 */
export function decideRoom(command: LiveRoomCommand, state: RoomState): AuctionEvent[] {
  if (state.kind === null) throw new AppError('AUCTION_NOT_FOUND');
  if (state.kind !== 'live') throw new AppError('NOT_LIVE_SALE');
  const { room, paddles } = state;
  if (command.type === 'AssignPaddle') {
    if (paddles.byUser[command.userId]) return [];
    if (room?.status === 'closed') throw new AppError('LIVE_SALE_CLOSED');
    const paddle = String(101 + Object.keys(paddles.byPaddle).length);
    return [{ type: 'LivePaddleAssigned', data: { paddle, userId: command.userId } }];
  }
  if (command.type === 'OpenSale') {
    if (room) {
      if (room.status === 'closed') throw new AppError('LIVE_SALE_CLOSED');
      return [];
    }
    return [{ type: 'LiveSaleOpened', data: { auctioneerId: command.auctioneerId } }];
  }
  if (!room) throw new AppError('LIVE_SALE_NOT_OPEN');
  if (room.status === 'closed') throw new AppError('LIVE_SALE_CLOSED');
  switch (command.type) {
    case 'CallLot': {
      if (room.status === 'paused') throw new AppError('LIVE_SALE_PAUSED');
      if (!state.lotIds.includes(command.lotId)) throw new AppError('LOT_NOT_IN_SALE');
      if (room.currentLotId === command.lotId) return [];
      if (room.called.includes(command.lotId)) throw new AppError('LIVE_LOT_CALLED');
      return [{ type: 'LiveLotCalled', data: { lotId: command.lotId, previousLotId: room.currentLotId } }];
    }
    case 'PauseSale':
      return room.status === 'paused'
        ? []
        : [{ type: 'LiveSalePaused', data: { reason: command.reason.slice(0, 500) } }];
    case 'ResumeSale':
      return room.status === 'open' ? [] : [{ type: 'LiveSaleResumed', data: {} }];
    case 'SpeakToRoom':
      return [{ type: 'LiveRoomMessage', data: { text: command.text.slice(0, 280) } }];
    case 'CloseSale':
      return [{ type: 'LiveSaleClosed', data: {} }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

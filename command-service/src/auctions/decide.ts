import { staggeredSchedule } from '@wine/contracts';
import type { AuctionEvent, AuctionFields, ScheduledLot } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';
import {
  decideRoom,
  evolveRoom,
  type LiveRoom,
  type LiveRoomCommand,
  noPaddles,
  type Paddles,
  withPaddle,
} from '../live/room.ts';

/** The auction aggregate (`auction-<id>`): its fields and its lots' schedule in catalogue order. */
export type Auction =
  | { status: 'empty' }
  | {
      status: 'created';
      fields: AuctionFields;
      lots: ScheduledLot[];
      /** Issue 37: a live sale's room once opened, and its bidders' paddles. */
      room?: LiveRoom | null;
      paddles?: Paddles;
    };

export type AuctionCommand =
  | LiveRoomCommand
  | { type: 'CreateAuction'; auctionId: string; fields: AuctionFields; now: Date }
  | { type: 'UpdateAuction'; changes: Partial<AuctionFields>; now: Date }
  | { type: 'ArrangeLots'; lotIds: string[]; now: Date };

/** Moving these moves every lot's close: only before the auction opens. */
const timingFields = ['kind', 'startsAt', 'firstCloseAt', 'lotsPerMinute'] as const;

export function evolveAuction(state: Auction, event: AuctionEvent): Auction {
  switch (event.type) {
    case 'AuctionCreated': {
      const { auctionId: _id, ...fields } = event.data;
      return { status: 'created', fields, lots: [] };
    }
    case 'AuctionUpdated': {
      if (state.status === 'empty') return state;
      const { changed: _changed, ...changes } = event.data;
      return { ...state, fields: { ...state.fields, ...changes } };
    }
    case 'AuctionLotsArranged':
      return state.status === 'empty' ? state : { ...state, lots: event.data.lots };
    case 'LivePaddleAssigned':
      return state.status === 'empty'
        ? state
        : { ...state, paddles: withPaddle(state.paddles ?? noPaddles, event.data.paddle, event.data.userId) };
    case 'LiveSaleOpened':
    case 'LiveLotCalled':
    case 'LiveSalePaused':
    case 'LiveSaleResumed':
    case 'LiveRoomMessage':
    case 'LiveSaleClosed':
      return state.status === 'empty' ? state : { ...state, room: evolveRoom(state.room ?? null, event) };
    default:
      return state;
  }
}

const opened = (fields: AuctionFields, now: Date) => now.getTime() >= Date.parse(fields.startsAt);

/**
 * The schedule for `lotIds` and what it changes against `before`: lots new or given another number or
 * close, and lots left out. Lots keep their places once the auction opens: only lots after the last are
 * added then, and none may close in the past.
 */
function arrangement(
  fields: AuctionFields,
  before: ScheduledLot[],
  lotIds: string[],
  now: Date,
): AuctionEvent | null {
  const lots = staggeredSchedule(fields, lotIds);
  const earlier = new Map(before.map((l) => [l.lotId, l]));
  const changed = lots.filter((l) => {
    const was = earlier.get(l.lotId);
    return !was || was.lotNumber !== l.lotNumber || was.closesAt !== l.closesAt;
  });
  const kept = new Set(lotIds);
  const removed = before.filter((l) => !kept.has(l.lotId)).map((l) => l.lotId);
  if (changed.length === 0 && removed.length === 0) return null;
  if (opened(fields, now) && (removed.length > 0 || changed.some((l) => earlier.has(l.lotId))))
    throw new AppError('AUCTION_STARTED');
  const late = changed.find((l) => Date.parse(l.closesAt) <= now.getTime());
  if (late) throw new AppError('AUCTION_CLOSE_PASSED', { params: { id: late.lotId } });
  return {
    type: 'AuctionLotsArranged',
    data: { lots, removed, changed: changed.map((l) => l.lotId) },
  };
}

export function decideAuction(command: AuctionCommand, state: Auction): AuctionEvent[] {
  switch (command.type) {
    case 'OpenSale':
    case 'CallLot':
    case 'PauseSale':
    case 'ResumeSale':
    case 'SpeakToRoom':
    case 'CloseSale':
    case 'AssignPaddle':
      return decideRoom(
        command,
        state.status === 'empty'
          ? { kind: null, lotIds: [], room: null, paddles: noPaddles }
          : {
              kind: state.fields.kind,
              lotIds: state.lots.map((l) => l.lotId),
              room: state.room ?? null,
              paddles: state.paddles ?? noPaddles,
            },
      );
    case 'CreateAuction':
      if (state.status !== 'empty')
        throw new AppError('AUCTION_EXISTS', { params: { id: command.auctionId } });
      if (Date.parse(command.fields.firstCloseAt) <= command.now.getTime())
        throw new AppError('AUCTION_FIRST_CLOSE_PASSED');
      return [{ type: 'AuctionCreated', data: { ...command.fields, auctionId: command.auctionId } }];
    case 'UpdateAuction': {
      if (state.status === 'empty') throw new AppError('AUCTION_NOT_FOUND');
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([key, value]) =>
            value !== undefined &&
            JSON.stringify(value) !== JSON.stringify(state.fields[key as keyof AuctionFields]),
        ),
      ) as Partial<AuctionFields>;
      const changed = Object.keys(changes);
      if (changed.length === 0) return [];
      const timing = changed.some((key) => (timingFields as readonly string[]).includes(key));
      if (timing && opened(state.fields, command.now)) throw new AppError('AUCTION_STARTED');
      const fields = { ...state.fields, ...changes };
      if (Date.parse(fields.startsAt) >= Date.parse(fields.firstCloseAt))
        throw new AppError('AUCTION_DATES_ORDER');
      if ('firstCloseAt' in changes && Date.parse(fields.firstCloseAt) <= command.now.getTime())
        throw new AppError('AUCTION_FIRST_CLOSE_PASSED');
      const updated: AuctionEvent = { type: 'AuctionUpdated', data: { ...changes, changed } };
      // New timing, new closes for every lot (before the auction opens: no lot has a bid to move).
      const rescheduled = timing
        ? arrangement(
            fields,
            state.lots,
            state.lots.map((l) => l.lotId),
            command.now,
          )
        : null;
      return rescheduled ? [updated, rescheduled] : [updated];
    }
    case 'ArrangeLots': {
      if (state.status === 'empty') throw new AppError('AUCTION_NOT_FOUND');
      const arranged = arrangement(state.fields, state.lots, command.lotIds, command.now);
      return arranged ? [arranged] : [];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const auctionDecider: Decider<AuctionCommand, AuctionEvent, Auction> = {
  decide: decideAuction,
  evolve: evolveAuction,
  initialState: () => ({ status: 'empty' }),
};

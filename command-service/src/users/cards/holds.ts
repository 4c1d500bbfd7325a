import type { UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { UserHandlers, UserSlice } from '../handlers.ts';
import type { User } from '../user.ts';
import { refuseUnknownCard } from './decide.ts';

/** An amount held on a card on file and not taken (seeds 001 "Payments" payment/authorize). */
export type CardHold = Extract<UserEvent, { type: 'CardHoldPlaced' }>['data'];
type ReleaseReason = Extract<UserEvent, { type: 'CardHoldReleased' }>['data']['reason'];

/**
 * The holds part of the user decider: one open hold at a time per buyer (a new one is placed after
 * the previous is released), on a card on file, released or taken once.
 */
export type HoldCommand =
  | { type: 'PlaceCardHold'; hold: CardHold }
  | { type: 'ReleaseCardHold'; holdId: string; reason: ReleaseReason }
  | { type: 'CaptureCardHold'; holdId: string; amount: number; paymentId: string };

/** The buyer's holds still on their cards, oldest first. */
export const openHolds = (state: Pick<HoldsState, 'holds'>): CardHold[] => Object.values(state.holds);

function openHold(state: User, holdId: string): CardHold {
  const hold = state.holds[holdId];
  if (!hold) throw new AppError('CARD_HOLD_NOT_FOUND');
  return hold;
}

export function decideHold(command: HoldCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'PlaceCardHold': {
      refuseUnknownCard(state, command.hold.cardId);
      // Two holds placed at once: the later one is refused (and given back by the caller).
      if (openHolds(state).length > 0) throw new AppError('CARD_HOLD_OPEN');
      return [{ type: 'CardHoldPlaced', data: command.hold }];
    }
    case 'ReleaseCardHold':
      openHold(state, command.holdId);
      return [{ type: 'CardHoldReleased', data: { holdId: command.holdId, reason: command.reason } }];
    case 'CaptureCardHold': {
      const hold = openHold(state, command.holdId);
      if (command.amount > hold.amount) throw new AppError('CARD_HOLD_NOT_FOUND');
      const { holdId, amount, paymentId } = command;
      return [{ type: 'CardHoldCaptured', data: { holdId, amount, paymentId } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const holdHandlers: UserHandlers<HoldCommand> = {
  PlaceCardHold: decideHold,
  ReleaseCardHold: decideHold,
  CaptureCardHold: decideHold,
};

export interface HoldsState {
  /** The holds still on the buyer's cards, by hold id: released and taken ones leave. */
  holds: Record<string, CardHold>;
}

const without = (holds: Record<string, CardHold>, holdId: string) =>
  Object.fromEntries(Object.entries(holds).filter(([id]) => id !== holdId));

export const holdsSlice: UserSlice<HoldsState, 'CardHoldPlaced' | 'CardHoldReleased' | 'CardHoldCaptured'> = {
  initial: { holds: {} },
  evolve: {
    CardHoldPlaced: (state, event) => ({
      ...state,
      holds: { ...state.holds, [event.data.holdId]: event.data },
    }),
    CardHoldReleased: (state, event) => ({ ...state, holds: without(state.holds, event.data.holdId) }),
    CardHoldCaptured: (state, event) => ({ ...state, holds: without(state.holds, event.data.holdId) }),
  },
};

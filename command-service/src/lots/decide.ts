import type { LotEvent, LotListedData } from '@wine/event-schemas';
import type { Decider } from '../core/decider.ts';
import { commandErrors } from '../errors.ts';
import { evolveLot, initialLot, type Lot } from './lot.ts';

export type LotCommand = { type: 'ListLot'; data: LotListedData; now: Date };

export function decideLot(command: LotCommand, state: Lot): LotEvent[] {
  switch (command.type) {
    case 'ListLot': {
      if (state.status !== 'empty') throw commandErrors.lotAlreadyListed(command.data.lotId);
      if (Date.parse(command.data.closesAt) <= command.now.getTime()) throw commandErrors.closeInPast();
      return [{ type: 'LotListed', data: command.data }];
    }
    default: {
      const _exhaustive: never = command.type;
      return [];
    }
  }
}

export const lotDecider: Decider<LotCommand, LotEvent, Lot> = {
  decide: decideLot,
  evolve: evolveLot,
  initialState: initialLot,
};

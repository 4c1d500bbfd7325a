import type { SlotEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

/** One pickup slot (`slot-<ISO start>`): the appointments holding a place in it. */
export interface Slot {
  /** Appointment id -> its invoice. */
  holders: ReadonlyMap<string, string>;
  /** Appointment id -> the buyer holding the place (one pickup a day for an unpaid order). */
  buyers: ReadonlyMap<string, string>;
}

type Booked = Extract<SlotEvent, { type: 'SlotBooked' }>['data'];
type Released = Extract<SlotEvent, { type: 'SlotReleased' }>['data'];

export type SlotCommand = ({ type: 'TakePlace' } & Booked) | ({ type: 'GivePlaceBack' } & Released);

export function evolveSlot(state: Slot, event: SlotEvent): Slot {
  const holders = new Map(state.holders);
  const buyers = new Map(state.buyers);
  switch (event.type) {
    case 'SlotBooked':
      holders.set(event.data.appointmentId, event.data.invoiceId);
      buyers.set(event.data.appointmentId, event.data.buyerId);
      return { holders, buyers };
    case 'SlotReleased':
      holders.delete(event.data.appointmentId);
      buyers.delete(event.data.appointmentId);
      return { holders, buyers };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

/**
 * DOMAIN.md "Money": a slot never holds more than its capacity (3 by default). Two buyers taking the
 * last place at once are decided one after the other on the stream's expected revision, so the second
 * sees the first's place and is refused. An appointment holding its place already takes nothing more
 * (a retried step), and one that holds none gives nothing back.
 */
export function decideSlot(command: SlotCommand, state: Slot): SlotEvent[] {
  switch (command.type) {
    case 'TakePlace': {
      const { type: _, ...data } = command;
      if (state.holders.has(data.appointmentId)) return [];
      if (state.holders.size >= data.capacity) throw new AppError('SLOT_FULL');
      return [{ type: 'SlotBooked', data }];
    }
    case 'GivePlaceBack': {
      const { type: _, ...data } = command;
      if (!state.holders.has(data.appointmentId)) return [];
      return [{ type: 'SlotReleased', data }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const slotDecider: Decider<SlotCommand, SlotEvent, Slot> = {
  decide: decideSlot,
  evolve: evolveSlot,
  initialState: () => ({ holders: new Map(), buyers: new Map() }),
};

import type { SlotEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { type SlotCommand, slotDecider } from './slot.ts';

const spec = deciderSpec(slotDecider);
const startsAt = '2026-11-23T15:30:00.000Z';
const bookedData = (appointmentId: string, capacity = 3) => ({
  startsAt,
  appointmentId,
  invoiceId: `inv-${appointmentId}`,
  buyerId: `buyer-${appointmentId}`,
  capacity,
});
const releasedData = (appointmentId: string) => ({
  startsAt,
  appointmentId,
  invoiceId: `inv-${appointmentId}`,
  reason: 'cancelled' as const,
});
const booked = (appointmentId: string, capacity = 3): SlotEvent => ({
  type: 'SlotBooked',
  data: bookedData(appointmentId, capacity),
});
const released = (appointmentId: string): SlotEvent => ({
  type: 'SlotReleased',
  data: releasedData(appointmentId),
});
const take = (appointmentId: string, capacity = 3): SlotCommand => ({
  type: 'TakePlace',
  ...bookedData(appointmentId, capacity),
});
const giveBack = (appointmentId: string): SlotCommand => ({
  type: 'GivePlaceBack',
  ...releasedData(appointmentId),
});

describe('the pickup slot decider', () => {
  it('takes places up to its capacity', () => {
    spec([])
      .when(take('a'))
      .then([booked('a')]);
    spec([booked('a'), booked('b')])
      .when(take('c'))
      .then([booked('c')]);
  });

  it('never holds more than its capacity', () => {
    spec([booked('a'), booked('b'), booked('c')])
      .when(take('d'))
      .thenThrows({ code: 'SLOT_FULL', message: 'This pickup time is full: choose another' });
    spec([booked('a', 1)])
      .when(take('b', 1))
      .thenThrows({ code: 'SLOT_FULL' });
  });

  it('has a place again once one is given back', () => {
    spec([booked('a'), booked('b'), booked('c'), released('b')])
      .when(take('d'))
      .then([booked('d')]);
  });

  it('keeps the places it holds when the capacity is lowered, and takes no more', () => {
    spec([booked('a'), booked('b'), booked('c')])
      .when(take('d', 2))
      .thenThrows({ code: 'SLOT_FULL' });
  });

  it('takes an appointment once and gives back only what it holds (retried steps)', () => {
    spec([booked('a'), booked('b'), booked('c')])
      .when(take('a'))
      .then([]);
    spec([booked('a')])
      .when(giveBack('a'))
      .then([released('a')]);
    spec([booked('a'), released('a')])
      .when(giveBack('a'))
      .then([]);
    spec([]).when(giveBack('z')).then([]);
  });
});

import { appointmentCalendar, defaultMoneySettings } from '@wine/contracts';
import type { AppointmentEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { type AppointmentCommand, appointmentDecider, type InvoiceFacts } from './decide.ts';

const spec = deciderSpec(appointmentDecider);
// Sunday noon in Chicago; Monday 2026-11-23 9:30 am there is 15:30 UTC (CST, UTC-6).
const NOW = new Date('2026-11-22T18:00:00.000Z');
const calendar = appointmentCalendar(defaultMoneySettings);
const MON_0930 = '2026-11-23T15:30:00.000Z';
const MON_1000 = '2026-11-23T16:00:00.000Z';
const TUE_1700 = '2026-11-24T23:00:00.000Z';
const invoice: InvoiceFacts = {
  invoiceId: 'inv-1',
  buyerId: 'ann',
  method: 'pickup',
  voided: false,
  paid: true,
};
const common = { invoice, buyerId: 'ann', now: NOW, calendar };

const book = (startsAt: string, over: Partial<AppointmentCommand> = {}) =>
  ({ ...common, type: 'BookAppointment', appointmentId: 'AP-1', startsAt, ...over }) as AppointmentCommand;
const move = (fromStartsAt: string, startsAt: string, over: Partial<AppointmentCommand> = {}) =>
  ({
    ...common,
    type: 'RescheduleAppointment',
    appointmentId: 'AP-1',
    fromStartsAt,
    startsAt,
    ...over,
  }) as AppointmentCommand;
const cancel = (over: Partial<AppointmentCommand> = {}) =>
  ({ ...common, type: 'CancelAppointment', appointmentId: 'AP-1', ...over }) as AppointmentCommand;

const booked = (startsAt: string, endsAt: string, appointmentId = 'AP-1'): AppointmentEvent => ({
  type: 'AppointmentBooked',
  data: { appointmentId, invoiceId: 'inv-1', buyerId: 'ann', startsAt, endsAt },
});
const moved = (fromStartsAt: string, startsAt: string, endsAt: string): AppointmentEvent => ({
  type: 'AppointmentRescheduled',
  data: { appointmentId: 'AP-1', invoiceId: 'inv-1', buyerId: 'ann', fromStartsAt, startsAt, endsAt },
});
const cancelled = (startsAt: string): AppointmentEvent => ({
  type: 'AppointmentCancelled',
  data: { appointmentId: 'AP-1', invoiceId: 'inv-1', buyerId: 'ann', startsAt },
});
const at0930 = booked(MON_0930, MON_1000);

describe('the pickup appointment decider', () => {
  it('books a free slot of business hours, 30 minutes long', () => {
    spec([]).when(book(MON_0930)).then([at0930]);
    // The last slot of a day starts at 5:00 pm and ends at 5:30 pm.
    spec([])
      .when(book(TUE_1700))
      .then([booked(TUE_1700, '2026-11-24T23:30:00.000Z')]);
  });

  it('refuses a time outside business hours, off the half-hour grid, at a weekend, past or too far ahead', () => {
    for (const startsAt of [
      '2026-11-23T15:00:00.000Z', // 9:00 am, before opening
      '2026-11-23T23:30:00.000Z', // 5:30 pm, the closing time
      '2026-11-23T15:45:00.000Z', // 9:45 am, off the grid
      '2026-11-28T16:00:00.000Z', // a Saturday
      '2026-11-20T16:00:00.000Z', // last Friday
      '2027-03-01T16:00:00.000Z', // further than 60 days
    ]) {
      spec([]).when(book(startsAt)).thenThrows({ code: 'SLOT_UNAVAILABLE' });
    }
  });

  it('books only for the invoice’s buyer; anyone else is told there is no such invoice', () => {
    spec([])
      .when(book(MON_0930, { buyerId: 'mallory' }))
      .thenThrows({ code: 'INVOICE_NOT_FOUND' });
    spec([])
      .when(book(MON_0930, { invoice: null }))
      .thenThrows({ code: 'INVOICE_NOT_FOUND' });
  });

  it('books pickup only, on an order that was not voided', () => {
    spec([])
      .when(book(MON_0930, { invoice: { ...invoice, method: 'delivery' } }))
      .thenThrows({ code: 'APPOINTMENT_PICKUP_ONLY', message: /orders collected at our location/ });
    spec([])
      .when(book(MON_0930, { invoice: { ...invoice, voided: true } }))
      .thenThrows({ code: 'INVOICE_VOID' });
  });

  it('books an unpaid order (to pay at pickup) only on a day the buyer holds no other pickup', () => {
    const unpaid = { ...invoice, paid: false };
    spec([])
      .when(book(MON_0930, { invoice: unpaid, placesThatDay: 0 }))
      .then([at0930]);
    spec([])
      .when(book(MON_0930, { invoice: unpaid, placesThatDay: 1 }))
      .thenThrows({ code: 'APPOINTMENT_UNPAID', message: /one pickup a day/ });
    spec([at0930])
      .when(move(MON_0930, TUE_1700, { invoice: unpaid, placesThatDay: 2 }))
      .thenThrows({ code: 'APPOINTMENT_UNPAID' });
    // A paid order books whatever else the buyer holds that day.
    spec([])
      .when(book(MON_0930, { placesThatDay: 5 }))
      .then([at0930]);
  });

  it('keeps one active appointment per invoice: a second booking is refused, the same one retried is no change', () => {
    spec([at0930])
      .when(book(TUE_1700, { appointmentId: 'AP-2' }))
      .thenThrows({ code: 'APPOINTMENT_CHANGED' });
    spec([at0930]).when(book(MON_0930)).then([]);
    // Once cancelled, the invoice may book again.
    spec([at0930, cancelled(MON_0930)])
      .when(book(TUE_1700, { appointmentId: 'AP-2' }))
      .then([booked(TUE_1700, '2026-11-24T23:30:00.000Z', 'AP-2')]);
  });

  it('moves the appointment from the slot the buyer saw to another', () => {
    spec([at0930])
      .when(move(MON_0930, TUE_1700))
      .then([moved(MON_0930, TUE_1700, '2026-11-24T23:30:00.000Z')]);
    spec([at0930, moved(MON_0930, TUE_1700, '2026-11-24T23:30:00.000Z')])
      .when(move(MON_0930, TUE_1700))
      .then([]);
  });

  it('refuses to move an appointment that changed meanwhile, that has started, or to a closed time', () => {
    spec([at0930, moved(MON_0930, MON_1000, '2026-11-23T16:30:00.000Z')])
      .when(move(MON_0930, TUE_1700))
      .thenThrows({ code: 'APPOINTMENT_CHANGED' });
    spec([]).when(move(MON_0930, TUE_1700)).thenThrows({ code: 'APPOINTMENT_NOT_FOUND' });
    spec([at0930])
      .when(move(MON_0930, TUE_1700, { now: new Date(MON_0930) }))
      .thenThrows({ code: 'APPOINTMENT_PAST' });
    spec([at0930]).when(move(MON_0930, '2026-11-28T16:00:00.000Z')).thenThrows({ code: 'SLOT_UNAVAILABLE' });
    spec([at0930])
      .when(move(MON_0930, TUE_1700, { invoice: { ...invoice, method: 'delivery' } }))
      .thenThrows({ code: 'APPOINTMENT_PICKUP_ONLY' });
  });

  it('cancels once, not after it started, and only the buyer’s own', () => {
    spec([at0930])
      .when(cancel())
      .then([cancelled(MON_0930)]);
    spec([at0930, cancelled(MON_0930)])
      .when(cancel())
      .then([]);
    spec([]).when(cancel()).thenThrows({ code: 'APPOINTMENT_NOT_FOUND' });
    spec([at0930])
      .when(cancel({ now: new Date('2026-11-23T15:45:00.000Z') }))
      .thenThrows({ code: 'APPOINTMENT_PAST' });
    spec([at0930])
      .when(cancel({ buyerId: 'mallory' }))
      .thenThrows({ code: 'INVOICE_NOT_FOUND' });
  });

  describe('check-in (issue 34)', () => {
    const MON_0945 = new Date('2026-11-23T15:45:00.000Z');
    const checkIn = (now: Date) =>
      ({ ...common, now, type: 'CheckInAppointment', appointmentId: 'AP-1' }) as AppointmentCommand;
    const checkedIn: AppointmentEvent = {
      type: 'AppointmentCheckedIn',
      data: {
        appointmentId: 'AP-1',
        invoiceId: 'inv-1',
        buyerId: 'ann',
        startsAt: MON_0930,
        at: MON_0945.toISOString(),
      },
    };

    it('checks the buyer in on the slot’s day, once', () => {
      spec([at0930]).when(checkIn(MON_0945)).then([checkedIn]);
      spec([at0930, checkedIn]).when(checkIn(MON_0945)).then([]);
    });

    it('refuses on another day, or with no appointment booked', () => {
      spec([at0930]).when(checkIn(NOW)).thenThrows({ code: 'APPOINTMENT_NOT_TODAY' });
      spec([]).when(checkIn(MON_0945)).thenThrows({ code: 'APPOINTMENT_CHANGED' });
      spec([at0930, cancelled(MON_0930)])
        .when(checkIn(MON_0945))
        .thenThrows({ code: 'APPOINTMENT_CHANGED' });
    });

    it('is neither moved nor cancelled once the buyer is checked in', () => {
      spec([at0930, checkedIn]).when(move(MON_0930, TUE_1700)).thenThrows({ code: 'APPOINTMENT_CHECKED_IN' });
      spec([at0930, checkedIn]).when(cancel()).thenThrows({ code: 'APPOINTMENT_CHECKED_IN' });
    });
  });
});

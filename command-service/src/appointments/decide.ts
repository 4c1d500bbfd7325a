import { type AppointmentCalendar, bookableSlot, localTime, type SlotTime } from '@wine/contracts';
import type { AppointmentEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';
import { type Appointment, evolveAppointment, initialAppointment } from './appointment.ts';

/** What the appointment needs to know of its invoice, read from `invoice-<id>` by the handler. */
export interface InvoiceFacts {
  invoiceId: string;
  buyerId: string;
  method: 'pickup' | 'delivery';
  voided: boolean;
  /** Paid in full: an unpaid order (to pay at pickup) books one pickup a day at most. */
  paid: boolean;
}

interface Common {
  /** The invoice; null when there is none. */
  invoice: InvoiceFacts | null;
  /** Who asks. */
  buyerId: string;
  now: Date;
  calendar: AppointmentCalendar;
  /**
   * Places the buyer holds on the day of the slot asked for, for their other invoices (read from the
   * day's slots by the handler; 0 when the order is paid, where it does not matter).
   */
  placesThatDay?: number;
}

export type AppointmentCommand = Common &
  (
    | { type: 'BookAppointment'; appointmentId: string; startsAt: string }
    | { type: 'RescheduleAppointment'; appointmentId: string; fromStartsAt: string; startsAt: string }
    | { type: 'CancelAppointment'; appointmentId: string }
    | { type: 'CheckInAppointment'; appointmentId: string }
  );

/** Someone else's invoice answers as an unknown one, as everywhere (checkout, invoice detail). */
function ownInvoice(command: Common): InvoiceFacts {
  if (!command.invoice || command.invoice.buyerId !== command.buyerId) {
    throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  }
  return command.invoice;
}

/**
 * DOMAIN.md "Money": pickup only, on an order that stands (not voided); a slot that starts on the grid
 * inside business hours (seeds 001 §9), has not started, and is within the booking horizon. An order
 * not paid yet (to pay at pickup) takes a place only on a day the buyer holds no other (issue 30:
 * eleven unpaid orders filled eleven places in 2.3 s); a paid order books freely.
 */
function slotFor(command: Common & { startsAt: string }, invoice: InvoiceFacts): SlotTime {
  if (invoice.voided) throw new AppError('INVOICE_VOID', { field: 'invoice_id' });
  if (invoice.method !== 'pickup') throw new AppError('APPOINTMENT_PICKUP_ONLY');
  if (!invoice.paid && (command.placesThatDay ?? 0) > 0) throw new AppError('APPOINTMENT_UNPAID');
  const bookable = bookableSlot(command.startsAt, command.calendar, command.now);
  if ('problem' in bookable) throw new AppError('SLOT_UNAVAILABLE');
  return bookable.slot;
}

const started = (startsAt: string, now: Date) => Date.parse(startsAt) <= now.getTime();

/**
 * The invoice's one active appointment. Each command names the appointment (and, to move it, the
 * slot it is in) as the buyer saw it: a change made meanwhile by another tab is refused as such
 * (APPOINTMENT_CHANGED) rather than applied to something else. A retried command finds its change
 * made and records nothing.
 */
export function decideAppointment(command: AppointmentCommand, state: Appointment): AppointmentEvent[] {
  const invoice = ownInvoice(command);
  const { buyerId } = command;
  switch (command.type) {
    case 'BookAppointment': {
      if (state.status === 'booked') {
        const same = state.appointmentId === command.appointmentId && state.startsAt === command.startsAt;
        if (same) return [];
        throw new AppError('APPOINTMENT_CHANGED');
      }
      const { startsAt, endsAt } = slotFor(command, invoice);
      const { appointmentId } = command;
      const { invoiceId } = invoice;
      return [{ type: 'AppointmentBooked', data: { appointmentId, invoiceId, buyerId, startsAt, endsAt } }];
    }
    case 'RescheduleAppointment': {
      if (state.status === 'none') throw new AppError('APPOINTMENT_NOT_FOUND');
      if (state.status !== 'booked' || state.appointmentId !== command.appointmentId) {
        throw new AppError('APPOINTMENT_CHANGED');
      }
      if (state.startsAt === command.startsAt) return [];
      if (state.startsAt !== command.fromStartsAt) throw new AppError('APPOINTMENT_CHANGED');
      if (state.checkedInAt) throw new AppError('APPOINTMENT_CHECKED_IN');
      if (started(state.startsAt, command.now)) throw new AppError('APPOINTMENT_PAST');
      const slot = slotFor(command, invoice);
      return [
        {
          type: 'AppointmentRescheduled',
          data: {
            appointmentId: state.appointmentId,
            invoiceId: state.invoiceId,
            buyerId,
            fromStartsAt: state.startsAt,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
          },
        },
      ];
    }
    case 'CancelAppointment': {
      if (state.status === 'none') throw new AppError('APPOINTMENT_NOT_FOUND');
      if (state.appointmentId !== command.appointmentId) throw new AppError('APPOINTMENT_CHANGED');
      if (state.status === 'cancelled') return [];
      if (state.checkedInAt) throw new AppError('APPOINTMENT_CHECKED_IN');
      if (started(state.startsAt, command.now)) throw new AppError('APPOINTMENT_PAST');
      const { appointmentId, invoiceId, startsAt } = state;
      return [{ type: 'AppointmentCancelled', data: { appointmentId, invoiceId, buyerId, startsAt } }];
    }
    case 'CheckInAppointment': {
      // Issue 34: the staff check a buyer in on the slot's day (the pickup location's), once.
      if (state.status !== 'booked' || state.appointmentId !== command.appointmentId) {
        throw new AppError('APPOINTMENT_CHANGED');
      }
      if (state.checkedInAt) return [];
      const zone = command.calendar.timeZone;
      if (localTime(command.now, zone).date !== localTime(new Date(state.startsAt), zone).date) {
        throw new AppError('APPOINTMENT_NOT_TODAY');
      }
      const { appointmentId, invoiceId, startsAt } = state;
      return [
        {
          type: 'AppointmentCheckedIn',
          data: { appointmentId, invoiceId, buyerId, startsAt, at: command.now.toISOString() },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const appointmentDecider: Decider<AppointmentCommand, AppointmentEvent, Appointment> = {
  decide: decideAppointment,
  evolve: evolveAppointment,
  initialState: initialAppointment,
};

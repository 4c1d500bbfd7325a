import type { AppointmentEvent } from '@wine/event-schemas';

export interface ActiveAppointment {
  status: 'booked' | 'cancelled';
  appointmentId: string;
  invoiceId: string;
  buyerId: string;
  startsAt: string;
  endsAt: string;
  /** Changes since it was booked: the calendar event's SEQUENCE. */
  sequence: number;
  /** Issue 34: when the staff checked the buyer in (then it is neither moved nor cancelled). */
  checkedInAt?: string;
}

/**
 * An invoice's pickup appointment (`appointment-<invoiceId>`), folded from its stream (DOMAIN.md
 * "Money": one active appointment per invoice). A cancelled one may be followed by a new booking.
 */
export type Appointment = { status: 'none' } | ActiveAppointment;

export const initialAppointment = (): Appointment => ({ status: 'none' });

export function evolveAppointment(state: Appointment, event: AppointmentEvent): Appointment {
  switch (event.type) {
    case 'AppointmentBooked': {
      const { appointmentId, invoiceId, buyerId, startsAt, endsAt } = event.data;
      return { status: 'booked', appointmentId, invoiceId, buyerId, startsAt, endsAt, sequence: 0 };
    }
    case 'AppointmentRescheduled':
      if (state.status === 'none') return state;
      return {
        ...state,
        startsAt: event.data.startsAt,
        endsAt: event.data.endsAt,
        sequence: state.sequence + 1,
      };
    case 'AppointmentCancelled':
      if (state.status === 'none') return state;
      return { ...state, status: 'cancelled', sequence: state.sequence + 1 };
    case 'AppointmentCheckedIn':
      if (state.status === 'none') return state;
      return { ...state, checkedInAt: event.data.at };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

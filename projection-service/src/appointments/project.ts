import { type AppointmentEvent, type SlotEvent, START } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const APPOINTMENT_SLOTS = 'appointment_slots';
export const APPOINTMENTS = 'appointments';

/** One pickup slot (`slot-<start>`): how many places are taken, and by which appointments. */
export interface SlotDocument {
  /** The slot's start, UTC ISO: slots sort and range by it. */
  _id: string;
  [key: string]: unknown;
  booked: number;
  holders: string[];
  _position: string;
}

/** An invoice's pickup appointment (`appointment-<invoiceId>`), keyed by the invoice. */
export interface AppointmentDocument {
  _id: string;
  [key: string]: unknown;
  invoice_id: string;
  appointment_id: string;
  buyer_id: string;
  status: 'booked' | 'cancelled';
  starts_at: string;
  ends_at: string;
  /** Changes since it was booked: the calendar event's SEQUENCE. */
  sequence: number;
  booked_at: string;
  updated_at: string;
  /** Issue 34: when the staff checked the buyer in; absent until then (a new booking clears it). */
  checked_in_at?: string | null;
  _position: string;
}

/** Creates a document once, at the log's start, so the guarded change that follows applies to it. */
const created = (collection: string, _id: string, fields: Record<string, unknown>): ProjectedOperation => ({
  collection,
  operation: {
    updateOne: { filter: { _id }, update: { $setOnInsert: { ...fields, _position: START } }, upsert: true },
  },
});

/**
 * The pickup read model (DOMAIN.md "Money"): each slot's places taken, which checkAppointments turns
 * into places left; each invoice's appointment, for the buyer's list, the invoice detail and the
 * staff's day. Every change is guarded by the document's last position.
 */
export const appointmentsProjection = defineProjection<SlotEvent | AppointmentEvent>({
  name: 'appointments',
  collections: [APPOINTMENT_SLOTS, APPOINTMENTS],
  handles: [
    'SlotBooked',
    'SlotReleased',
    'AppointmentBooked',
    'AppointmentRescheduled',
    'AppointmentCancelled',
    'AppointmentCheckedIn',
  ],
  indexes: {
    [APPOINTMENTS]: [
      { key: { buyer_id: 1, status: 1, starts_at: 1 }, name: 'buyer_status_start' },
      { key: { status: 1, starts_at: 1 }, name: 'status_start' },
    ],
  },
  project(event): ProjectedOperation[] {
    const at = event.metadata.occurredAt;
    if (event.type === 'SlotBooked' || event.type === 'SlotReleased') {
      if (!event.streamName.startsWith('slot-')) return [];
      const slotId = event.streamName.slice('slot-'.length);
      const id = event.data.appointmentId;
      return event.type === 'SlotBooked'
        ? [
            created(APPOINTMENT_SLOTS, slotId, { booked: 0, holders: [] }),
            guardedUpdate(APPOINTMENT_SLOTS, slotId, event, {
              $inc: { booked: 1 },
              $addToSet: { holders: id },
            }),
          ]
        : [guardedUpdate(APPOINTMENT_SLOTS, slotId, event, { $inc: { booked: -1 }, $pull: { holders: id } })];
    }
    if (!event.streamName.startsWith('appointment-')) return [];
    const invoiceId = event.streamName.slice('appointment-'.length);
    switch (event.type) {
      case 'AppointmentBooked': {
        const d = event.data;
        const fields = {
          invoice_id: invoiceId,
          appointment_id: d.appointmentId,
          buyer_id: d.buyerId,
          status: 'booked',
          starts_at: d.startsAt,
          ends_at: d.endsAt,
          sequence: 0,
          booked_at: at,
          updated_at: at,
          checked_in_at: null,
        };
        // A cancelled appointment is followed by a new booking on the same document.
        return [
          created(APPOINTMENTS, invoiceId, fields),
          guardedUpdate(APPOINTMENTS, invoiceId, event, { $set: fields }),
        ];
      }
      case 'AppointmentRescheduled':
        return [
          guardedUpdate(APPOINTMENTS, invoiceId, event, {
            $set: { starts_at: event.data.startsAt, ends_at: event.data.endsAt, updated_at: at },
            $inc: { sequence: 1 },
          }),
        ];
      case 'AppointmentCancelled':
        return [
          guardedUpdate(APPOINTMENTS, invoiceId, event, {
            $set: { status: 'cancelled', updated_at: at },
            $inc: { sequence: 1 },
          }),
        ];
      case 'AppointmentCheckedIn':
        return [
          guardedUpdate(APPOINTMENTS, invoiceId, event, {
            $set: { checked_in_at: event.data.at, updated_at: at },
          }),
        ];
      default:
        return [];
    }
  },
});

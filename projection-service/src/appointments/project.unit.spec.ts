import type { RecordedEvent } from '@wine/event-schemas';
import type { DocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import {
  APPOINTMENT_SLOTS,
  APPOINTMENTS,
  type AppointmentDocument,
  appointmentsProjection,
  type SlotDocument,
} from './project.ts';

const MON_0930 = '2026-11-23T15:30:00.000Z';
const MON_1000 = '2026-11-23T16:00:00.000Z';
const slot = (startsAt: string) => `slot-${startsAt}`;
const taken = (startsAt: string, appointmentId: string) => ({
  startsAt,
  appointmentId,
  invoiceId: `inv-${appointmentId}`,
  buyerId: 'ann',
  capacity: 3,
});
const givenBack = (startsAt: string, appointmentId: string, reason = 'rescheduled') => ({
  startsAt,
  appointmentId,
  invoiceId: `inv-${appointmentId}`,
  reason,
});
const appointment = (data: Record<string, unknown> = {}) => ({
  appointmentId: 'AP-1',
  invoiceId: 'inv-1',
  buyerId: 'ann',
  startsAt: MON_0930,
  endsAt: MON_1000,
  ...data,
});

const given = (events: RecordedEvent[], batchSize = 1) =>
  applyEvents([appointmentsProjection], events, undefined, batchSize);
const slotOf = async (docs: DocumentStore, startsAt: string) =>
  docs.collection<SlotDocument>(APPOINTMENT_SLOTS).findOne({ _id: startsAt });
const appointmentOf = async (docs: DocumentStore, id = 'inv-1') =>
  docs.collection<AppointmentDocument>(APPOINTMENTS).findOne({ _id: id });

describe('appointments projection: slots', () => {
  it('counts the places taken and given back in each slot', async () => {
    const record = eventRecorder();
    const docs = await given([
      record(slot(MON_0930), 'SlotBooked', taken(MON_0930, 'a')),
      record(slot(MON_0930), 'SlotBooked', taken(MON_0930, 'b')),
      record(slot(MON_1000), 'SlotBooked', taken(MON_1000, 'c')),
      record(slot(MON_0930), 'SlotReleased', givenBack(MON_0930, 'a')),
    ]);
    expect(await slotOf(docs, MON_0930)).toMatchObject({ booked: 1, holders: ['b'] });
    expect(await slotOf(docs, MON_1000)).toMatchObject({ booked: 1, holders: ['c'] });
  });

  it('is idempotent: events delivered twice, in one batch or apart, count once', async () => {
    const record = eventRecorder();
    const events = [
      record(slot(MON_0930), 'SlotBooked', taken(MON_0930, 'a')),
      record(slot(MON_0930), 'SlotBooked', taken(MON_0930, 'b')),
      record(slot(MON_0930), 'SlotReleased', givenBack(MON_0930, 'b', 'cancelled')),
    ];
    const twice = await given([...events, ...events]);
    expect(await slotOf(twice, MON_0930)).toMatchObject({ booked: 1, holders: ['a'] });
    const batched = await given([...events, ...events], 100);
    expect(await slotOf(batched, MON_0930)).toMatchObject({ booked: 1, holders: ['a'] });
  });
});

describe('appointments projection: an invoice’s appointment', () => {
  it('records the booking, each move and the cancellation, with the calendar sequence', async () => {
    const record = eventRecorder();
    const stream = 'appointment-inv-1';
    const booked = record(stream, 'AppointmentBooked', appointment());
    const moved = record(
      stream,
      'AppointmentRescheduled',
      appointment({ fromStartsAt: MON_0930, startsAt: MON_1000, endsAt: '2026-11-23T16:30:00.000Z' }),
    );
    const cancelled = record(
      stream,
      'AppointmentCancelled',
      appointment({ startsAt: MON_1000, endsAt: undefined }),
    );
    expect(await appointmentOf(await given([booked]))).toMatchObject({
      invoice_id: 'inv-1',
      appointment_id: 'AP-1',
      buyer_id: 'ann',
      status: 'booked',
      starts_at: MON_0930,
      ends_at: MON_1000,
      sequence: 0,
      booked_at: booked.metadata.occurredAt,
    });
    expect(await appointmentOf(await given([booked, moved]))).toMatchObject({
      status: 'booked',
      starts_at: MON_1000,
      ends_at: '2026-11-23T16:30:00.000Z',
      sequence: 1,
      updated_at: moved.metadata.occurredAt,
    });
    const all = await given([booked, moved, cancelled, booked, moved]);
    expect(await appointmentOf(all)).toMatchObject({ status: 'cancelled', sequence: 2, starts_at: MON_1000 });
  });

  it('takes a new booking after a cancellation as the invoice’s appointment', async () => {
    const record = eventRecorder();
    const stream = 'appointment-inv-1';
    const docs = await given([
      record(stream, 'AppointmentBooked', appointment()),
      record(stream, 'AppointmentCancelled', appointment({ endsAt: undefined })),
      record(
        stream,
        'AppointmentBooked',
        appointment({ appointmentId: 'AP-2', startsAt: MON_1000, endsAt: '2026-11-23T16:30:00.000Z' }),
      ),
    ]);
    expect(await appointmentOf(docs)).toMatchObject({
      appointment_id: 'AP-2',
      status: 'booked',
      starts_at: MON_1000,
      sequence: 0,
    });
  });
});

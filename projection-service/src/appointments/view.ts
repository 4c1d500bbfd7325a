import type { AppointmentRecord } from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import { APPOINTMENTS, type AppointmentDocument } from './project.ts';

export const recordOf = (doc: AppointmentDocument): AppointmentRecord => ({
  appointmentId: doc.appointment_id,
  invoiceId: doc.invoice_id,
  status: doc.status,
  startsAt: doc.starts_at,
  endsAt: doc.ends_at,
  sequence: doc.sequence,
  updatedAt: doc.updated_at,
});

/** The invoice's booked appointment, as the invoice detail shows it (seeds 001 §3 appointmentDetail). */
export async function appointmentDetailOf(
  docs: DocumentStore,
  invoiceId: string,
): Promise<{ id: string; starts_at: string; ends_at: string } | null> {
  const doc = await docs
    .collection<AppointmentDocument>(APPOINTMENTS)
    .findOne({ _id: invoiceId, status: 'booked' });
  return doc ? { id: doc.appointment_id, starts_at: doc.starts_at, ends_at: doc.ends_at } : null;
}

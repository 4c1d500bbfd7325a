import type { AppointmentCalendar, AppointmentRecord } from '@wine/contracts';
import type { ActiveAppointment } from './appointment.ts';
import { type AppointmentChange, appointmentMail } from './confirmation-mail.ts';
import type { AppointmentDeps } from './deps.ts';

/** The appointment as its mail and its view show it. */
export const recordOf = (a: ActiveAppointment, now: Date): AppointmentRecord => ({
  appointmentId: a.appointmentId,
  invoiceId: a.invoiceId,
  status: a.status,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  sequence: a.sequence,
  updatedAt: now.toISOString(),
});

/** Tells the buyer of a booked, moved or cancelled pickup; a mail server's failure is logged. */
export function pickupMailer(deps: AppointmentDeps, calendar: () => AppointmentCalendar) {
  return async function mail(
    buyer: { email: string; firstName: string },
    change: AppointmentChange,
    appointment: ActiveAppointment,
    now: Date,
  ) {
    const record = recordOf(appointment, now);
    const message = appointmentMail(change, record, buyer, {
      location: deps.money().pickup,
      timeZone: calendar().timeZone,
      invoiceUrl: `${deps.publicUrl()}/invoice/${encodeURIComponent(appointment.invoiceId)}`,
    });
    try {
      await deps.mailer.send(message);
    } catch (error) {
      // The appointment stands: a mail server's failure is logged, not answered as a failed booking.
      deps.logger.error(
        { err: error, invoiceId: appointment.invoiceId },
        'a pickup confirmation was not sent',
      );
    }
  };
}

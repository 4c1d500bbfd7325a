import {
  type AppointmentRecord,
  appointmentIcs,
  CALENDAR_CONTENT_TYPE,
  currentLanguage,
  formatPickupTime,
  type PickupLocation,
  t,
} from '@wine/contracts';
import type { MailMessage } from '@wine/platform';

export type AppointmentChange = 'booked' | 'rescheduled' | 'cancelled';

/** 'America/Chicago' -> 'Chicago': the zone as the mail names it. */
const zoneName = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');

/**
 * The buyer's mail for a booked, moved or cancelled pickup, in the caller's language, with the
 * appointment as an iCalendar file (the same text getAppointmentForInvoice answers), so the buyer's
 * calendar adds, moves or cancels the one event.
 */
export function appointmentMail(
  change: AppointmentChange,
  record: AppointmentRecord,
  buyer: { email: string; firstName: string },
  where: { location: PickupLocation; timeZone: string; invoiceUrl: string },
): MailMessage {
  const { location, timeZone } = where;
  const when = formatPickupTime(record.startsAt, timeZone, currentLanguage());
  const facts = { invoice: record.invoiceId, when, zone: zoneName(timeZone) };
  const subject =
    change === 'booked'
      ? t('mail.appointmentBookedSubject', { when })
      : change === 'rescheduled'
        ? t('mail.appointmentRescheduledSubject', { when })
        : t('mail.appointmentCancelledSubject');
  const what =
    change === 'booked'
      ? t('mail.appointmentBooked', facts)
      : change === 'rescheduled'
        ? t('mail.appointmentRescheduled', facts)
        : t('mail.appointmentCancelled', facts);
  const place = `${location.name}, ${location.address1}, ${location.city}, ${location.state} ${location.zip}`;
  const lines = [
    t('mail.hello', { name: buyer.firstName }),
    '',
    what,
    t('mail.appointmentWhere', { place, phone: location.phone }),
    t('mail.appointmentCalendar'),
    t('mail.appointmentChange', { link: where.invoiceUrl }),
  ];
  return {
    to: buyer.email,
    subject,
    text: lines.join('\n'),
    attachments: [
      {
        filename: `pickup-${record.invoiceId.replace(/[^\w.-]/g, '_')}.ics`,
        contentType: CALENDAR_CONTENT_TYPE,
        content: appointmentIcs(record, location),
      },
    ],
  };
}

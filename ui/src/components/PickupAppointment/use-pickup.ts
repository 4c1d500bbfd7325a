import { useQueryClient } from '@tanstack/react-query';
import { formatPickupTime } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { callForMessage } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';

/** 'America/Chicago' -> 'Chicago': the zone as the page names it. */
export const zoneName = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');

/** Pickup times in the location's zone and the page's language (the location's clock, not the browser's). */
export function usePickupTime() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return {
    time: (iso: string, timeZone: string) => formatPickupTime(iso, timeZone, language, 'time'),
    day: (iso: string, timeZone: string) => formatPickupTime(iso, timeZone, language, 'day'),
    /** 'Monday, November 23, 2026 at 9:30 AM (Chicago time)'. */
    full: (iso: string, timeZone: string) =>
      t('ui.appointment.inZone', {
        when: formatPickupTime(iso, timeZone, language),
        zone: zoneName(timeZone),
      }),
  };
}

/**
 * seeds 001 §7 appointment/update: book, move or cancel (`startsAt` null) an invoice's pickup; then
 * the appointment, the slots and the invoice load again and the server's message is shown.
 */
export function useChangeAppointment(invoiceId: string) {
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const refresh = () =>
    Promise.all(
      (
        [
          'getAppointmentForInvoice',
          'checkAppointments',
          'checkAppointmentsForAuction',
          'getAppointments',
          'invoice',
        ] as const
      ).map((name) => invalidateAction(queryClient, name)),
    );
  return async (startsAt: string | null): Promise<void> => {
    try {
      const { message } = await callForMessage('updateAppointment', {
        invoice_id: invoiceId,
        starts_at: startsAt,
      });
      pushAlert({ msg: message, type: 'success' });
    } finally {
      // Refused or not, the places shown may have changed (a slot filled meanwhile).
      await refresh();
    }
  };
}

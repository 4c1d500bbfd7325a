import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AppointmentView, InvoiceDetail, SlotView } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoiceAppointmentQuery } from '../../api/queries.ts';
import { useCompany } from '../../config/company.ts';
import { browser } from '../../lib/browser.ts';
import { useOpeningHours } from '../../lib/opening-hours.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { AppointmentBlock, Block } from '../InvoiceDetail/InvoiceBlocks.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import classes from './PickupAppointment.module.css';
import { SlotPicker } from './SlotPicker.tsx';
import { useChangeAppointment, usePickupTime } from './use-pickup.ts';

/**
 * The invoice's pickup appointment (DOMAIN.md "Money": within the shop's opening hours, 30-minute
 * slots, one appointment per invoice): the buyer of a pickup order books a time, moves or cancels
 * it, and adds it to a calendar. A delivered order only shows what is recorded.
 */
export function PickupAppointment({ invoice }: { invoice: InvoiceDetail }) {
  if (invoice.delivery_method !== 'pickup') return <AppointmentBlock invoice={invoice} />;
  return <PickupBooking invoice={invoice} />;
}

function PickupBooking({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const hours = useOpeningHours(useCompany().openingHours);
  const void_ = invoice.status === 'void';
  const appointment = useQuery({ ...invoiceAppointmentQuery(invoice.id), enabled: !void_ });
  const [picking, setPicking] = useState(false);
  const change = useChangeAppointment(invoice.id);
  const format = usePickupTime();
  const booked = appointment.data?.records.find((r) => r.status === 'booked') ?? null;
  const place = invoice.locationDetail.name;

  const pick = (slot: SlotView, timeZone: string) =>
    confirmDialog({
      title: booked ? t('ui.appointment.moveTitle') : t('ui.appointment.bookTitle'),
      children: (
        <Text size="sm">
          {t('ui.appointment.at', { when: format.full(slot.starts_at, timeZone), place })}
        </Text>
      ),
      confirmLabel: booked ? t('ui.appointment.move') : t('ui.appointment.book'),
      confirmTestId: 'confirm-slot',
      onConfirm: async () => {
        await change(slot.starts_at);
        setPicking(false);
      },
    });

  const cancel = (current: AppointmentView) =>
    confirmDialog({
      title: t('ui.appointment.cancelTitle'),
      children: (
        <Text size="sm">
          {t('ui.appointment.cancelBody', { when: format.full(current.starts_at, current.time_zone) })}
        </Text>
      ),
      confirmLabel: t('ui.appointment.cancelConfirm'),
      destructive: true,
      confirmTestId: 'confirm-cancel-appointment',
      onConfirm: () => change(null),
    });

  const download = (text: string) =>
    browser.saveBlob(new Blob([text], { type: 'text/calendar' }), `pickup-${invoice.id}.ics`);

  return (
    <Block name="appointment" title={t('ui.invoice.appointment')}>
      {void_ ? (
        <Text size="sm" c="dimmed">
          {t('checkout.invoiceVoid')}
        </Text>
      ) : (
        <QueryState query={appointment} label={t('ui.appointment.loading')} error="alert">
          {(data) => (
            <Stack gap="sm">
              {booked ? (
                <>
                  <Text size="sm" fw={600} data-testid="appointment-when">
                    {format.full(booked.starts_at, booked.time_zone)}
                  </Text>
                  <Group gap="xs" className={classes.actions} data-print="hide">
                    {data.calendars ? (
                      <Button size="xs" variant="light" onClick={() => download(data.calendars ?? '')}>
                        {t('ui.appointment.addToCalendar')}
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setPicking((p) => !p)}
                      aria-expanded={picking}
                    >
                      {picking ? t('ui.appointment.keepTime') : t('ui.appointment.reschedule')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => cancel(booked)}>
                      {t('ui.appointment.cancel')}
                    </Button>
                  </Group>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('ui.invoice.noAppointment')}. {t('ui.appointment.intro', { hours })}
                </Text>
              )}
              {!booked || picking ? (
                <div data-print="hide">
                  <SlotPicker
                    current={booked?.starts_at ?? null}
                    onPick={pick}
                    auctionId={
                      invoice.kind === 'auction' ? (invoice.invoiceItems[0]?.auction_id ?? null) : null
                    }
                  />
                </div>
              ) : null}
            </Stack>
          )}
        </QueryState>
      )}
    </Block>
  );
}

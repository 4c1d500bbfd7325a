import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, type DayAppointments, type InputOf, type SlotView } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { appointmentDashboardQuery, invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { DialogFailure } from '../FormDialog/FormDialog.tsx';
import { DateField } from '../FormFields/DateField.tsx';
import { SlotPicker } from '../PickupAppointment/SlotPicker.tsx';
import { usePickupTime, zoneName } from '../PickupAppointment/use-pickup.ts';
import { QueryState } from '../QueryState/QueryState.tsx';

export interface PickupsView {
  date: string;
  days: 1 | 7;
}

type Slot = DayAppointments['records'][number];
type Booking = Slot['appointments'][number];
type Awaiting = DayAppointments['awaiting'][number];

/** After a change: the dashboard, the free slots and the invoice ask again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      (['appointmentDashboard', 'checkAppointments', 'invoice', 'getAppointmentForInvoice'] as const).map(
        (name) => invalidateAction(queryClient, name),
      ),
    );
}

/** Sends a staff change and shows the server's message. */
function useStaffCall() {
  const pushAlert = useSetAtom(pushAlertAtom);
  const refresh = useRefresh();
  return async <N extends 'staffUpdateAppointment' | 'checkInAppointment'>(name: N, input: InputOf<N>) => {
    const { message } = await callForMessage(name, input);
    pushAlert({ msg: message, type: 'success' });
    await refresh();
  };
}

/** The invoice as staff name it: its number, else its id. */
const invoiceLabel = (id: string, number: string | null) => number ?? id;

/** Book or move a pickup: the free times of the next two weeks, the one chosen sent at once. */
function SlotDialog({
  title,
  invoiceId,
  current,
  onClose,
}: {
  title: string;
  invoiceId: string;
  current: string | null;
  onClose: () => void;
}) {
  const send = useStaffCall();
  const [failure, setFailure] = useState<string | null>(null);
  const pick = async (slot: SlotView) => {
    setFailure(null);
    try {
      await send('staffUpdateAppointment', { invoice_id: invoiceId, starts_at: slot.starts_at });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <SlotPicker current={current} onPick={(slot) => void pick(slot)} />
        <DialogFailure message={failure} />
      </Stack>
    </Modal>
  );
}

/** One buyer in a slot: who, which invoice, checked in or the day's buttons. */
function BookingRow({ booking, slot, timeZone }: { booking: Booking; slot: Slot; timeZone: string }) {
  const { t } = useTranslation();
  const send = useStaffCall();
  const pushAlert = useSetAtom(pushAlertAtom);
  const format = usePickupTime();
  const [moving, setMoving] = useState(false);
  const invoice = invoiceLabel(booking.invoice_id, booking.invoice_number);
  const name = booking.buyer_name || booking.buyer_id;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="pickup-booking">
      <div>
        <Text fw={600}>{name}</Text>
        <AnchorLink to="/invoice/$id" params={{ id: booking.invoice_id }} size="sm">
          {t('ui.pickups.invoice', { invoice })}
        </AnchorLink>
      </div>
      {booking.checked_in_at ? (
        <Badge color="green" variant="light" data-testid="checked-in">
          {t('ui.pickups.checkedIn', { time: format.time(booking.checked_in_at, timeZone) })}
        </Badge>
      ) : (
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() =>
              void send('checkInAppointment', { invoice_id: booking.invoice_id }).catch((error: unknown) =>
                pushAlert({ msg: errorMessage(error), type: 'error' }),
              )
            }
          >
            {t('ui.pickups.checkIn')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setMoving(true)}>
            {t('ui.pickups.move')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() =>
              confirmDialog({
                title: t('ui.pickups.cancelTitle', { name }),
                children: (
                  <Text size="sm">
                    {t('ui.pickups.cancelBody', { when: format.full(slot.starts_at, timeZone), invoice })}
                  </Text>
                ),
                confirmLabel: t('ui.pickups.cancel'),
                destructive: true,
                onConfirm: () =>
                  send('staffUpdateAppointment', { invoice_id: booking.invoice_id, starts_at: null }),
              })
            }
          >
            {t('ui.pickups.cancel')}
          </Button>
        </Group>
      )}
      {moving ? (
        <SlotDialog
          title={t('ui.pickups.moveTitle', { name })}
          invoiceId={booking.invoice_id}
          current={slot.starts_at}
          onClose={() => setMoving(false)}
        />
      ) : null}
    </Group>
  );
}

/** One slot: its time, its places, who comes. */
function SlotCard({ slot, timeZone }: { slot: Slot; timeZone: string }) {
  const { t } = useTranslation();
  const format = usePickupTime();
  const taken = slot.capacity - slot.remaining;
  return (
    <Card withBorder padding="sm" data-testid="pickup-slot" data-starts-at={slot.starts_at}>
      <Group justify="space-between" mb={slot.appointments.length ? 'xs' : 0}>
        <Text fw={700}>{format.time(slot.starts_at, timeZone)}</Text>
        <Text size="sm" c={slot.remaining === 0 ? 'red.8' : 'dimmed'}>
          {t('ui.pickups.places', { taken, capacity: slot.capacity })}
        </Text>
      </Group>
      <Stack gap="xs">
        {slot.appointments.map((booking) => (
          <BookingRow key={booking.id} booking={booking} slot={slot} timeZone={timeZone} />
        ))}
      </Stack>
    </Card>
  );
}

/** Orders to collect here with no pickup booked: each can be booked for its buyer. */
function AwaitingList({ awaiting }: { awaiting: Awaiting[] }) {
  const { t } = useTranslation();
  const [booking, setBooking] = useState<Awaiting | null>(null);
  return (
    <Card withBorder component="section" aria-labelledby="pickups-awaiting" style={{ alignSelf: 'start' }}>
      <Title order={2} fz="lg" id="pickups-awaiting" mb="xs">
        {t('ui.pickups.awaiting')}
      </Title>
      {awaiting.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ui.pickups.noneAwaiting')}
        </Text>
      ) : (
        <Stack gap="xs">
          {awaiting.map((order) => (
            <Group key={order.invoice_id} justify="space-between" wrap="nowrap" data-testid="pickup-awaiting">
              <div>
                <Text size="sm" fw={600}>
                  {order.buyer_name || order.buyer_id}
                </Text>
                <Group gap={6}>
                  <AnchorLink to="/invoice/$id" params={{ id: order.invoice_id }} size="sm">
                    {t('ui.pickups.invoice', {
                      invoice: invoiceLabel(order.invoice_id, order.invoice_number),
                    })}
                  </AnchorLink>
                  <Badge size="xs" variant="light" color={order.paid ? 'green' : 'yellow'}>
                    {t(order.paid ? 'ui.pickups.paid' : 'ui.pickups.unpaid')}
                  </Badge>
                </Group>
              </div>
              <Button size="xs" variant="light" onClick={() => setBooking(order)}>
                {t('ui.pickups.book')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {booking ? (
        <SlotDialog
          title={t('ui.pickups.bookTitle', { name: booking.buyer_name || booking.buyer_id })}
          invoiceId={booking.invoice_id}
          current={null}
          onClose={() => setBooking(null)}
        />
      ) : null}
    </Card>
  );
}

/**
 * /admin/pickups (admins and finance, issue 34 "The day's work"): a day's or a week's pickup slots at
 * the shop, who comes for which invoice, check-in, move and cancel (the buyer is mailed), and the
 * orders still to book.
 */
export function StaffPickups({
  view,
  onChange,
}: {
  view: PickupsView;
  onChange: (next: PickupsView) => void;
}) {
  const { t } = useTranslation();
  const format = usePickupTime();
  const dashboard = useQuery(appointmentDashboardQuery(view));
  const step = view.days;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        {t('ui.pickups.title')}
      </Title>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Button variant="default" onClick={() => onChange({ ...view, date: addDays(view.date, -step) })}>
          {t(step === 7 ? 'ui.pickups.previousWeek' : 'ui.pickups.previousDay')}
        </Button>
        <DateField
          label={t('ui.pickups.date')}
          value={view.date}
          onChange={(event) => {
            const date = event.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(date)) onChange({ ...view, date });
          }}
        />
        <Button variant="default" onClick={() => onChange({ ...view, date: addDays(view.date, step) })}>
          {t(step === 7 ? 'ui.pickups.nextWeek' : 'ui.pickups.nextDay')}
        </Button>
        <SegmentedControl
          aria-label={t('ui.pickups.range')}
          data={[
            { value: '1', label: t('ui.pickups.day') },
            { value: '7', label: t('ui.pickups.week') },
          ]}
          value={String(view.days)}
          onChange={(value) => onChange({ ...view, days: value === '7' ? 7 : 1 })}
        />
      </Group>
      <QueryState query={dashboard} label={t('ui.pickups.loading')} error="alert">
        {(data) => {
          const days = [...new Set(data.records.map((slot) => slot.date))];
          const shown = (date: string) =>
            data.records.filter(
              (slot) => slot.date === date && (view.days === 1 || slot.appointments.length > 0),
            );
          return (
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              <Stack gap="lg" style={{ gridColumn: 'span 2' }} data-testid="pickup-days">
                <Text size="sm" c="dimmed">
                  {t('ui.pickups.summary', { count: data.totalRecords, zone: zoneName(data.time_zone) })}
                </Text>
                {days.length === 0 ? (
                  <Alert color="gray">{t('ui.pickups.closed')}</Alert>
                ) : (
                  days.map((date) => {
                    const slots = shown(date);
                    const first = data.records.find((slot) => slot.date === date);
                    return (
                      <Stack key={date} gap="xs" component="section" aria-label={date}>
                        <Title order={2} fz="lg">
                          {first ? format.day(first.starts_at, data.time_zone) : date}
                        </Title>
                        {slots.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            {t('ui.pickups.noneThatDay')}
                          </Text>
                        ) : (
                          slots.map((slot) => (
                            <SlotCard key={slot.starts_at} slot={slot} timeZone={data.time_zone} />
                          ))
                        )}
                      </Stack>
                    );
                  })
                )}
              </Stack>
              <AwaitingList awaiting={data.awaiting} />
            </SimpleGrid>
          );
        }}
      </QueryState>
    </Container>
  );
}

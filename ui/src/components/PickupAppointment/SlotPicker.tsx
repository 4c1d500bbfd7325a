import { Button, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { SlotList, SlotView } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { actionKey, pickupSlotsQuery } from '../../api/queries.ts';
import { formatDate } from '../../lib/format.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import classes from './PickupAppointment.module.css';
import { usePickupTime, zoneName } from './use-pickup.ts';

export interface SlotPickerProps {
  /** The slot the appointment is in now (shown as current, not offered). */
  current: string | null;
  onPick: (slot: SlotView, timeZone: string) => void;
  /**
   * Issue 38 §2 (seeds 001 §7 checkAppointmentsForAuction): a won lot's auction, whose lots are ready
   * the day after its last lot closes; its slots start then. Null: the next two weeks' slots.
   */
  auctionId?: string | null;
}

/**
 * The pickup times of the next two weeks (seeds 001 §7 checkAppointments): a day, then its times with
 * the places left; a full time is shown but cannot be chosen.
 */
export function SlotPicker({ current, onPick, auctionId = null }: SlotPickerProps) {
  const { t } = useTranslation();
  const format = usePickupTime();
  const general = useQuery({ ...pickupSlotsQuery(), enabled: auctionId === null });
  const forAuction = useQuery({
    queryKey: actionKey('checkAppointmentsForAuction', { auction_id: auctionId ?? '' }),
    queryFn: ({ signal }) => call('checkAppointmentsForAuction', { auction_id: auctionId ?? '' }, { signal }),
    enabled: auctionId !== null,
  });
  const slots: UseQueryResult<SlotList> = auctionId === null ? general : forAuction;
  const readyFrom = auctionId !== null ? forAuction.data?.first_day : undefined;
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  return (
    <QueryState query={slots} label={t('ui.appointment.loadingTimes')} error="alert">
      {({ records, time_zone: timeZone }) => {
        const days = [...new Map(records.map((s) => [s.date, s])).values()];
        if (days.length === 0) return <Text size="sm">{t('ui.appointment.noTimes')}</Text>;
        // The first day with a time that can be chosen: room left, and not the one booked now (moving
        // from a day's last free time opens on the next day, not on a day with nothing to choose).
        const choosable = (s: SlotView) => s.remaining > 0 && s.starts_at !== current;
        const day =
          chosenDay ??
          days.find((d) => records.some((s) => s.date === d.date && choosable(s)))?.date ??
          days[0]?.date;
        const times = records.filter((s) => s.date === day);
        return (
          <Stack gap="sm" data-testid="slot-picker">
            {readyFrom ? (
              <Text size="sm" c="dimmed" data-testid="auction-ready-from">
                {t('ui.orders.auctionPickupFrom', { date: formatDate(readyFrom) })}
              </Text>
            ) : null}
            <Select
              label={t('ui.appointment.day')}
              data={days.map((d) => ({ value: d.date, label: format.day(d.starts_at, timeZone) }))}
              value={day ?? null}
              onChange={setChosenDay}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              data-testid="slot-day"
            />
            <Text size="sm" fw={600} id="slot-times-label">
              {t('ui.appointment.times', { zone: zoneName(timeZone) })}
            </Text>
            <SimpleGrid
              cols={{ base: 2, xs: 3 }}
              spacing="xs"
              role="group"
              aria-labelledby="slot-times-label"
            >
              {times.map((slot) => {
                const mine = slot.starts_at === current;
                const full = slot.remaining === 0;
                return (
                  <Button
                    key={slot.starts_at}
                    variant={mine ? 'light' : 'default'}
                    disabled={full || mine}
                    onClick={() => onPick(slot, timeZone)}
                    className={classes.slot}
                    data-testid="slot"
                    data-starts-at={slot.starts_at}
                  >
                    <span className={classes.slotLabel}>
                      <span>{format.time(slot.starts_at, timeZone)}</span>
                      <span className={classes.places}>
                        {mine
                          ? t('ui.appointment.yours')
                          : full
                            ? t('ui.appointment.full')
                            : t('ui.appointment.placesLeft', { count: slot.remaining })}
                      </span>
                    </span>
                  </Button>
                );
              })}
            </SimpleGrid>
          </Stack>
        );
      }}
    </QueryState>
  );
}

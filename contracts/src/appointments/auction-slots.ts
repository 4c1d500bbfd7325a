import { z } from 'zod';
import { action } from '../action.ts';
import { lazy, t } from '../i18n/index.ts';
import { daysBetween, MAX_SLOT_RANGE_DAYS } from './calendar.ts';
import { SlotList } from './views.ts';

const LocalDate = z.iso.date(lazy(() => t('appointment.dateFormat')));

/**
 * seeds 001 §7 appointment/checkAppointmentsForAuction (issue 38 §2): the pickup slots for the lots of
 * one auction: as checkAppointments, but from the day after the auction's last lot closes (its lots
 * are made up together once the sale is over), for `days` days (two weeks when left out).
 */
export const CheckAppointmentsForAuctionInput = z
  .strictObject({
    auction_id: z.string().trim().min(1).max(64),
    from: LocalDate.optional(),
    to: LocalDate.optional(),
  })
  .refine((r) => !r.from || !r.to || (r.to >= r.from && daysBetween(r.from, r.to) < MAX_SLOT_RANGE_DAYS), {
    path: ['to'],
    ...lazy(() => t('appointment.rangeTooLong', { days: MAX_SLOT_RANGE_DAYS })),
  });
export type CheckAppointmentsForAuctionInput = z.input<typeof CheckAppointmentsForAuctionInput>;

export const AuctionSlotList = SlotList.extend({
  auction_id: z.string(),
  /** When the auction's last lot closes (or closed): no pickup before the day after. */
  last_close: z.string(),
  /** The first day a pickup may be booked (YYYY-MM-DD, the pickup location's). */
  first_day: z.string(),
  /** The caller's invoices of the auction's lots to collect that have no pickup booked yet. */
  invoice_ids: z.array(z.string()),
});
export type AuctionSlotList = z.infer<typeof AuctionSlotList>;

export const auctionAppointmentActions = {
  checkAppointmentsForAuction: action({
    path: '/api/appointment/checkAppointmentsForAuction',
    side: 'query',
    auth: 'user',
    input: CheckAppointmentsForAuctionInput,
    output: AuctionSlotList,
  }),
} as const;

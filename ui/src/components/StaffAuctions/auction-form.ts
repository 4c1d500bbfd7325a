import type { InputOf, StaffAuctionDetail } from '@wine/contracts';
import { DEFAULT_LOTS_PER_MINUTE } from '@wine/contracts';
import dayjs from 'dayjs';
import { fromLocalInput, toLocalInput } from '../StaffLots/lot-form.ts';

/** The auction form's values as the inputs hold them (text, `datetime-local`, a location id as text). */
export interface AuctionFormValues {
  title: string;
  kind: 'timed' | 'live';
  description: string;
  startsAt: string;
  firstCloseAt: string;
  lotsPerMinute: number | string;
  locationId: string;
  premiumText: string;
}

/**
 * A new auction: opening at the next hour, its first lot closing a week later at 7 pm, its lots closing
 * at the house's pace (issue 34 "Settings").
 */
export const emptyAuction = (now: Date, lotsPerMinute = DEFAULT_LOTS_PER_MINUTE): AuctionFormValues => ({
  title: '',
  kind: 'timed',
  description: '',
  startsAt: toLocalInput(dayjs(now).add(1, 'hour').startOf('hour').toISOString()),
  firstCloseAt: toLocalInput(dayjs(now).add(7, 'day').hour(19).startOf('hour').toISOString()),
  lotsPerMinute,
  locationId: '',
  premiumText: '',
});

export const auctionFormValues = (fields: StaffAuctionDetail['fields']): AuctionFormValues => ({
  ...fields,
  startsAt: toLocalInput(fields.startsAt),
  firstCloseAt: toLocalInput(fields.firstCloseAt),
  locationId: fields.locationId === null ? '' : String(fields.locationId),
});

const number = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The form's values as the create action takes them. */
export const createAuctionInput = (v: AuctionFormValues): InputOf<'createAuction'> => ({
  title: v.title.trim(),
  kind: v.kind,
  description: v.description,
  startsAt: fromLocalInput(v.startsAt),
  firstCloseAt: fromLocalInput(v.firstCloseAt),
  lotsPerMinute: number(v.lotsPerMinute),
  locationId: v.locationId ? Number(v.locationId) : null,
  premiumText: v.premiumText,
});

/** Only what changed from `before` (times compared as instants), for the update action. */
export const updateAuctionInput = (id: string, v: AuctionFormValues, before: AuctionFormValues) => {
  const next = createAuctionInput(v);
  const was = createAuctionInput(before);
  const changes = Object.fromEntries(
    Object.entries(next).filter(([key, value]) => value !== was[key as keyof typeof was]),
  );
  return { id, ...changes } as InputOf<'updateAuction'>;
};

import type { PricePoint, UserRecord } from '@wine/contracts';
import dayjs from 'dayjs';

/** An event's server time in the browser's local time, to the second (seeds 000 §9's MM-DD-YYYY). */
export const formatAuditTime = (iso: string) => dayjs(iso).format('MM-DD-YYYY hh:mm:ss a');

/** An instant as a `datetime-local` input shows it (local time, seconds). */
export const toLocalInput = (iso: string) => dayjs(iso).format('YYYY-MM-DDTHH:mm:ss');

/** What a `datetime-local` input holds as an ISO instant, or null when it holds no date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const at = dayjs(value);
  return at.isValid() ? at.toDate().toISOString() : null;
}

/** The first characters of a long id, enough to tell bidders apart on a chart. */
export const shortId = (id: string) => (id.length > 8 ? id.slice(0, 8) : id);

/** Auditors and admins see the histories (the actions' auth); the server checks it on every call. */
export const canAudit = (user: Pick<UserRecord, 'roles' | 'isAdmin'>) =>
  user.isAdmin || user.roles.includes('admin') || user.roles.includes('auditor');

const palette = [
  'burgundy.7',
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.7',
  'lime.7',
  'pink.6',
  'indigo.6',
  'yellow.7',
];

export interface PriceChartData {
  data: Record<string, string | number>[];
  series: { name: string; label: string; color: string }[];
}

/**
 * The chart's rows: one per bid, at its time, with the price under its bidder's series (the others
 * left empty, so each bidder's line joins only their own bids).
 */
export function priceChart(
  prices: readonly PricePoint[],
  label: (bidderId: string) => string,
): PriceChartData {
  const keys = new Map<string, string>();
  for (const p of prices) if (!keys.has(p.bidderId)) keys.set(p.bidderId, `b${keys.size}`);
  return {
    data: prices.map((p) => ({
      time: formatAuditTime(p.occurredAt),
      [keys.get(p.bidderId) as string]: p.amount,
    })),
    series: [...keys].map(([bidderId, name], i) => ({
      name,
      label: label(bidderId),
      color: palette[i % palette.length] as string,
    })),
  };
}

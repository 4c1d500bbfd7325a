import { OpeningHours } from '@wine/event-schemas';
import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { weekdayName } from './opening-hours.ts';

/** What an admin sends as the shop's opening hours (opening-hours.ts): days once each, closing after opening. */
export const OpeningHoursInput = z
  .strictObject(OpeningHours.shape)
  .refine((h) => new Set(h.days).size === h.days.length, {
    path: ['days'],
    error: lazy(() => t('settings.hoursDays')).error,
  })
  .refine((h) => h.opensAt < h.closesAt, {
    path: ['closesAt'],
    error: lazy(() => t('settings.hoursOrder')).error,
  });

/**
 * The configuration's way of writing hours (platform config MERCHANT_HOURS): days or ranges of days
 * separated by commas, then the times on a 24-hour clock: `Mon-Fri 09:30-17:30`, `Tue-Sat,Mon 10:00-18:00`.
 * Null when it is not that.
 */
export function parseOpeningHours(text: string): OpeningHours | null {
  const match = /^([A-Za-z,-]+)\s+(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const dayOf = (name: string) =>
    [0, 1, 2, 3, 4, 5, 6].find(
      (d) => weekdayName(d, 'en-US', 'short').toLowerCase() === name.toLowerCase(),
    ) ?? -1;
  const days = new Set<number>();
  for (const part of (match[1] as string).split(',')) {
    const [from, to = from, ...rest] = part.split('-');
    const first = dayOf(from ?? '');
    const last = dayOf(to ?? '');
    if (first < 0 || last < 0 || rest.length > 0) return null;
    for (let d = first; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === last) break;
    }
  }
  const minutes = (h: string, m: string) => (Number(m) < 60 ? Number(h) * 60 + Number(m) : Number.NaN);
  const parsed = OpeningHoursInput.safeParse({
    days: [...days].sort((a, b) => a - b),
    opensAt: minutes(match[2] as string, match[3] as string),
    closesAt: minutes(match[4] as string, match[5] as string),
  });
  return parsed.success ? parsed.data : null;
}

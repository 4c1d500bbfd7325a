import type { OpeningHours } from '@wine/event-schemas';

/**
 * The shop's opening hours (seeds 000 §9 / 001 §9 "Monday-Friday 9:30 am - 5:30 pm"): one value that
 * the pickup calendar books within and that every page shows in its reader's language, so the hours
 * shown and the hours booked cannot disagree. Pure, browser-safe and without zod (the storefront's
 * first load shows them): Intl only. What an admin sends is checked in opening-hours-input.ts.
 */
export const defaultOpeningHours: OpeningHours = {
  days: [1, 2, 3, 4, 5],
  opensAt: 9 * 60 + 30,
  closesAt: 17 * 60 + 30,
};

/** The week as the shop's hours read it: Monday first, Sunday last (0 = Sunday). */
export const weekFromMonday = [1, 2, 3, 4, 5, 6, 0] as const;
/** 2024-01-07 was a Sunday: day `d` of the week is 2024-01-(7 + d). */
const dayDate = (day: number) => new Date(Date.UTC(2024, 0, 7 + day));
const timeDate = (minutes: number) => new Date(Date.UTC(2024, 0, 1, 0, minutes));

/** Runs of days next to each other in the week (Monday first), each as [first, last]. */
export function dayRuns(days: readonly number[]): [number, number][] {
  const open = new Set(days);
  const runs: [number, number][] = [];
  let run: [number, number] | null = null;
  for (const day of weekFromMonday) {
    if (!open.has(day)) run = null;
    else if (run) run[1] = day;
    else {
      run = [day, day];
      runs.push(run);
    }
  }
  return runs;
}

/** A weekday's name in `locale` (`long`: Monday; `short`: Mon). */
export const weekdayName = (day: number, locale: string, width: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(dayDate(day));

/** `hours` as `locale` reads them: 'Monday–Friday, 9:30 AM – 5:30 PM'; 'Lunes–viernes, 9:30–17:30'. */
export function formatOpeningHours(hours: OpeningHours, locale: string): string {
  const days = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    dayRuns(hours.days).map(([first, last]) =>
      first === last
        ? weekdayName(first, locale)
        : `${weekdayName(first, locale)}–${weekdayName(last, locale)}`,
    ),
  );
  const times = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).formatRange(timeDate(hours.opensAt), timeDate(hours.closesAt));
  // ICU's thin and narrow spaces as plain ones: the same text in every browser, Node and a PDF's font.
  const text = `${days}, ${times}`.replace(/[\u00a0\u2009\u202f]/g, ' ');
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** The English text the merchant's record keeps beside the days and times (invoices, the seeds' `hours`). */
export const openingHoursText = (hours: OpeningHours) => formatOpeningHours(hours, 'en-US');

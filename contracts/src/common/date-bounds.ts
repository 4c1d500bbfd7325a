/** seeds 001 §5 "Date bounds default 1900-01-01 and 2100-01-01": a date field takes no day outside them. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-01-01';

/** seeds 001 §9 "Date picker year range: 100 years back to the maximum date (default year 2100)". */
export const DATE_PICKER_YEARS_BACK = 100;

/** seeds 000 §9 "Formats: … month YYYY-MM" (dayjs's pattern; the value a month field holds). */
export const MONTH_FORMAT = 'YYYY-MM';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether a text is a day of the calendar written YYYY-MM-DD (2026-02-30 is not). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether a day (YYYY-MM-DD) lies within the bounds, both included (ISO days compare as text). */
export const dayWithin = (value: string, min: string = DATE_MIN, max: string = DATE_MAX): boolean =>
  isDay(value) && value >= min && value <= max;

/**
 * The years a date picker offers: from 100 years before the maximum date's year to that year (a date of
 * birth picked up to today offers the last hundred years; by default 2000 to 2100), never before the
 * lower bound's year.
 */
export function datePickerYears(
  max: string = DATE_MAX,
  min: string = DATE_MIN,
): { first: number; last: number } {
  const last = Number(max.slice(0, 4));
  return { first: Math.max(Number(min.slice(0, 4)), last - DATE_PICKER_YEARS_BACK), last };
}

/** Whether a text is a month written YYYY-MM within the date bounds' years. */
export function isMonth(value: string): boolean {
  const match = MONTH.exec(value);
  if (!match) return false;
  const first = `${value}-01`;
  return first >= `${monthOf(DATE_MIN)}-01` && first <= DATE_MAX;
}

/** The month (YYYY-MM) of a day (YYYY-MM-DD, or an ISO instant: its UTC day). */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The first and the last day of a month (YYYY-MM), as YYYY-MM-DD. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

import type { MoneySettings } from '../money/settings.ts';
import { defaultOpeningHours } from '../settings/opening-hours.ts';

/**
 * The pickup calendar (DOMAIN.md "Money": appointments Monday-Friday 9:30 am - 5:30 pm in 30-minute
 * slots; seeds 001 §9 business hours), in the pickup location's wall-clock time. Pure and
 * browser-safe: the command side checks a slot with it, the read side lists slots with it, and the UI
 * and the mail show times with it. Time zones come from Intl (no library: both sides have full ICU).
 */
export interface AppointmentCalendar {
  timeZone: string;
  slotMinutes: number;
  /** Buyers one slot takes. */
  capacity: number;
  /** Days of the week open for pickup, 0 = Sunday. */
  days: readonly number[];
  /** Minutes after local midnight the first slot starts and the last one ends. */
  opensAt: number;
  closesAt: number;
  /** How far ahead a slot may be booked, in days. */
  horizonDays: number;
}

/** A booking at most this far ahead: the merchant plans the pickup room two months out. */
export const APPOINTMENT_HORIZON_DAYS = 60;
/** checkAppointments answers at most this many days at once. */
export const MAX_SLOT_RANGE_DAYS = 31;

/** The pickup calendar of the settings: slots within the shop's opening hours (seeds 001 §9), on its clock. */
export const appointmentCalendar = (
  money: Pick<
    MoneySettings,
    'appointmentTimeZone' | 'appointmentSlotMinutes' | 'appointmentSlotCapacity' | 'pickup'
  >,
): AppointmentCalendar => ({
  timeZone: money.appointmentTimeZone,
  slotMinutes: money.appointmentSlotMinutes,
  capacity: money.appointmentSlotCapacity,
  ...(money.pickup.openingHours ?? defaultOpeningHours),
  horizonDays: APPOINTMENT_HORIZON_DAYS,
});

/** An instant as the pickup location's clock shows it. */
export interface LocalTime {
  /** YYYY-MM-DD. */
  date: string;
  /** 0 = Sunday. */
  weekday: number;
  /** Minutes after local midnight. */
  minutes: number;
  /** Seconds and milliseconds past the minute (a slot starts on the minute). */
  rest: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: Date, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return { year, month, day, hour, minute, second };
}

export function localTime(instant: Date, timeZone: string): LocalTime {
  const w = wallClock(instant, timeZone);
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  return {
    date,
    weekday: new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay(),
    minutes: w.hour * 60 + w.minute,
    rest: w.second * 1000 + instant.getUTCMilliseconds(),
  };
}

/** Minutes the zone's clock is ahead of UTC at an instant (Chicago: -360 in winter, -300 in summer). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a zone's clock shows `minutes` after midnight on `date`. The offset is taken at a first
 * guess and again at the result, which settles it around a change of daylight saving time.
 */
export function instantAt(date: string, minutes: number, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const first = offsetMinutes(new Date(wall), timeZone);
  const guess = wall - first * 60_000;
  const second = offsetMinutes(new Date(guess), timeZone);
  return new Date(second === first ? guess : wall - second * 60_000);
}

/** A calendar date moved by whole days (YYYY-MM-DD, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one date to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** One pickup slot: its instants (UTC ISO) and its local date and start time (HH:mm). */
export interface SlotTime {
  startsAt: string;
  endsAt: string;
  date: string;
  time: string;
}

/** Minutes after midnight as a clock reads them: `09:30` (slots, appointments, the settings' time inputs). */
export const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function slotFrom(date: string, minutes: number, calendar: AppointmentCalendar): SlotTime {
  const start = instantAt(date, minutes, calendar.timeZone);
  return {
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + calendar.slotMinutes * 60_000).toISOString(),
    date,
    time: hhmm(minutes),
  };
}

/**
 * The slots of one local date: none on a closed day, else every slot inside business hours. The
 * zone's offset is read once, at opening: clocks change at night, never inside business hours.
 */
export function slotsOfDay(date: string, calendar: AppointmentCalendar): SlotTime[] {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  if (!calendar.days.includes(new Date(Date.UTC(y, m - 1, d)).getUTCDay())) return [];
  const opening = instantAt(date, calendar.opensAt, calendar.timeZone).getTime();
  const slots: SlotTime[] = [];
  for (
    let at = calendar.opensAt;
    at + calendar.slotMinutes <= calendar.closesAt;
    at += calendar.slotMinutes
  ) {
    const start = opening + (at - calendar.opensAt) * 60_000;
    slots.push({
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + calendar.slotMinutes * 60_000).toISOString(),
      date,
      time: hhmm(at),
    });
  }
  return slots;
}

/** The slots from one local date to another, both included. */
export function slotsBetween(from: string, to: string, calendar: AppointmentCalendar): SlotTime[] {
  const slots: SlotTime[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) slots.push(...slotsOfDay(date, calendar));
  return slots;
}

/** The slot that starts at `startsAt`, or null when no slot starts then (a closed day, off the grid). */
export function slotAt(startsAt: string, calendar: AppointmentCalendar): SlotTime | null {
  const instant = new Date(startsAt);
  if (Number.isNaN(instant.getTime())) return null;
  const local = localTime(instant, calendar.timeZone);
  const offGrid = (local.minutes - calendar.opensAt) % calendar.slotMinutes !== 0;
  const inHours =
    local.minutes >= calendar.opensAt && local.minutes + calendar.slotMinutes <= calendar.closesAt;
  if (local.rest !== 0 || offGrid || !inHours || !calendar.days.includes(local.weekday)) return null;
  return slotFrom(local.date, local.minutes, calendar);
}

/** Whether a slot may be booked now: it has not started and is within the booking horizon. */
export function inBookingWindow(slot: SlotTime, calendar: AppointmentCalendar, now: Date): boolean {
  const start = Date.parse(slot.startsAt);
  return start > now.getTime() && start <= now.getTime() + calendar.horizonDays * 86_400_000;
}

/**
 * The slot a buyer may book at `startsAt` now, or why not: no slot starts then, it has started, or it
 * is further ahead than the calendar books.
 */
export function bookableSlot(
  startsAt: string,
  calendar: AppointmentCalendar,
  now: Date,
): { slot: SlotTime } | { problem: 'not_a_slot' | 'past' | 'too_far' } {
  const slot = slotAt(startsAt, calendar);
  if (!slot) return { problem: 'not_a_slot' };
  if (inBookingWindow(slot, calendar, now)) return { slot };
  return { problem: Date.parse(slot.startsAt) <= now.getTime() ? 'past' : 'too_far' };
}

/** A pickup time as people read it, in the location's zone and the reader's language. */
export function formatPickupTime(
  iso: string,
  timeZone: string,
  language: string,
  style: 'time' | 'day' | 'full' = 'full',
): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'time'
      ? { hour: 'numeric', minute: '2-digit' }
      : style === 'day'
        ? { weekday: 'short', month: 'short', day: 'numeric' }
        : {
            weekday: 'long',
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
          };
  return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(new Date(iso));
}

import { describe, expect, it } from 'vitest';
import { defaultMoneySettings, defaultPickupLocation } from '../money/settings.ts';
import {
  appointmentCalendar,
  bookableSlot,
  formatPickupTime,
  instantAt,
  slotAt,
  slotsBetween,
  slotsOfDay,
} from './calendar.ts';
import { escapeText, foldLine, icsText } from './icalendar.ts';
import { CheckAppointmentsInput, UpdateAppointmentInput } from './inputs.ts';
import { appointmentIcs, appointmentView } from './views.ts';

const calendar = appointmentCalendar(defaultMoneySettings);

describe('the pickup calendar', () => {
  it('opens Monday to Friday 9:30 am - 5:30 pm Chicago time in 16 half-hour slots', () => {
    const monday = slotsOfDay('2026-11-23', calendar);
    expect(monday).toHaveLength(16);
    expect(monday[0]).toEqual({
      startsAt: '2026-11-23T15:30:00.000Z',
      endsAt: '2026-11-23T16:00:00.000Z',
      date: '2026-11-23',
      time: '09:30',
    });
    expect(monday.at(-1)?.time).toBe('17:00');
    expect(slotsOfDay('2026-11-22', calendar)).toEqual([]);
    expect(slotsOfDay('2026-11-28', calendar)).toEqual([]);
    expect(slotsBetween('2026-11-20', '2026-11-24', calendar)).toHaveLength(3 * 16);
  });

  it('follows daylight saving time: 9:30 am is 14:30 UTC in July, 15:30 UTC in December', () => {
    expect(slotsOfDay('2026-07-06', calendar)[0]?.startsAt).toBe('2026-07-06T14:30:00.000Z');
    expect(slotsOfDay('2026-12-07', calendar)[0]?.startsAt).toBe('2026-12-07T15:30:00.000Z');
    // The Monday after the change in March and in November.
    expect(instantAt('2026-03-09', 570, 'America/Chicago').toISOString()).toBe('2026-03-09T14:30:00.000Z');
    expect(instantAt('2026-11-02', 570, 'America/Chicago').toISOString()).toBe('2026-11-02T15:30:00.000Z');
  });

  it('knows a slot by its start, whatever the offset it is written with', () => {
    expect(slotAt('2026-11-23T09:30:00-06:00', calendar)?.startsAt).toBe('2026-11-23T15:30:00.000Z');
    expect(slotAt('2026-11-23T15:45:00.000Z', calendar)).toBeNull();
    expect(slotAt('2026-11-23T15:30:30.000Z', calendar)).toBeNull();
    expect(slotAt('2026-11-23T23:30:00.000Z', calendar)).toBeNull();
    expect(slotAt('not a date', calendar)).toBeNull();
  });

  it('books a slot that has not started, within 60 days', () => {
    const now = new Date('2026-11-23T15:30:00.000Z');
    expect(bookableSlot('2026-11-23T15:30:00.000Z', calendar, now)).toEqual({ problem: 'past' });
    expect(bookableSlot('2026-11-23T16:00:00.000Z', calendar, now)).toHaveProperty('slot');
    expect(bookableSlot('2027-01-25T16:00:00.000Z', calendar, now)).toEqual({ problem: 'too_far' });
    expect(bookableSlot('2026-11-28T16:00:00.000Z', calendar, now)).toEqual({ problem: 'not_a_slot' });
  });

  it('shows a pickup time in Chicago, in the reader’s language', () => {
    const iso = '2026-11-23T15:30:00.000Z';
    expect(formatPickupTime(iso, 'America/Chicago', 'en')).toBe('Monday, November 23, 2026 at 9:30 AM');
    expect(formatPickupTime(iso, 'America/Chicago', 'es', 'time')).toBe('9:30');
  });

  it('asks for at most 31 days of slots, from a date to a later one', () => {
    expect(CheckAppointmentsInput.safeParse({ from: '2026-11-23', to: '2026-12-23' }).success).toBe(true);
    expect(CheckAppointmentsInput.safeParse({ from: '2026-11-23', to: '2026-12-24' }).success).toBe(false);
    expect(CheckAppointmentsInput.safeParse({ from: '2026-11-23', to: '2026-11-22' }).success).toBe(false);
    expect(CheckAppointmentsInput.safeParse({ from: '23/11/2026' }).success).toBe(false);
    expect(
      UpdateAppointmentInput.safeParse({ invoice_id: 'A-1', starts_at: '2026-11-23T09:30:00-06:00' }).success,
    ).toBe(true);
  });
});

describe('the iCalendar writer (RFC 5545)', () => {
  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('Fulton Market, Chicago; IL\\n\nnext')).toBe(
      'Fulton Market\\, Chicago\\; IL\\\\n\\nnext',
    );
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
  });

  it('writes one event with CRLF line ends and UTC times', () => {
    const text = icsText({
      uid: 'AP-1@pickup',
      sequence: 2,
      stamp: '2026-11-22T18:00:00.000Z',
      start: '2026-11-23T15:30:00.000Z',
      end: '2026-11-23T16:00:00.000Z',
      summary: 'Wine pickup',
      location: 'Chicago, IL',
      description: 'Bring ID',
      status: 'CONFIRMED',
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '\n').includes('\r')).toBe(false);
    const lines = text.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('UID:AP-1@pickup');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('DTSTAMP:20261122T180000Z');
    expect(lines).toContain('DTSTART:20261123T153000Z');
    expect(lines).toContain('DTEND:20261123T160000Z');
    expect(lines).toContain('LOCATION:Chicago\\, IL');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('makes one event of an appointment, the same for the mail and the download, cancelled when it is', () => {
    const record = {
      appointmentId: 'AP-1',
      invoiceId: 'A-lot-1',
      status: 'booked' as const,
      startsAt: '2026-11-23T15:30:00.000Z',
      endsAt: '2026-11-23T16:00:00.000Z',
      sequence: 0,
      updatedAt: '2026-11-22T18:00:00.000Z',
    };
    const ics = appointmentIcs(record, defaultPickupLocation);
    const unfolded = ics.replaceAll('\r\n ', '');
    expect(unfolded).toContain('SUMMARY:Wine pickup\\, invoice A-lot-1');
    expect(unfolded).toContain(
      'LOCATION:Fine Wine Auctions - Chicago\\, 1000 W Fulton Market\\, Chicago\\, IL 60607',
    );
    expect(appointmentIcs(record, defaultPickupLocation)).toBe(ics);
    expect(appointmentIcs({ ...record, status: 'cancelled', sequence: 1 }, defaultPickupLocation)).toContain(
      'STATUS:CANCELLED',
    );
    expect(appointmentView(record, calendar)).toMatchObject({ date: '2026-11-23', time: '09:30' });
  });
});

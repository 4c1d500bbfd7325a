import { describe, expect, it } from 'vitest';
import { appointmentCalendar } from '../appointments/calendar.ts';
import { defaultMoneySettings } from '../money/settings.ts';
import { dayRuns, defaultOpeningHours, formatOpeningHours, openingHoursText } from './opening-hours.ts';
import { OpeningHoursInput, parseOpeningHours } from './opening-hours-input.ts';

describe("the shop's opening hours, one value shown in each language and booked within", () => {
  it('reads the days as runs of the week, Monday first', () => {
    expect(dayRuns([1, 2, 3, 4, 5])).toEqual([[1, 5]]);
    expect(dayRuns([0, 6])).toEqual([[6, 0]]);
    expect(dayRuns([1, 3, 4, 6])).toEqual([
      [1, 1],
      [3, 4],
      [6, 6],
    ]);
  });

  it('shows them in English and in Spanish', () => {
    expect(formatOpeningHours(defaultOpeningHours, 'en-US')).toBe('Monday–Friday, 9:30 AM – 5:30 PM');
    expect(formatOpeningHours(defaultOpeningHours, 'es-US')).toMatch(
      /^Lunes–viernes, 9:30 a\.\s?m\. – 5:30 p\.\s?m\.$/,
    );
    const split = { days: [1, 3, 4, 6], opensAt: 600, closesAt: 1080 };
    expect(formatOpeningHours(split, 'en-US')).toBe(
      'Monday, Wednesday–Thursday, and Saturday, 10:00 AM – 6:00 PM',
    );
    expect(formatOpeningHours(split, 'es-US')).toMatch(
      /^Lunes, miércoles–jueves y sábado, 10:00 a\.\s?m\. – 6:00 p\.\s?m\.$/,
    );
    expect(openingHoursText({ days: [0], opensAt: 720, closesAt: 780 })).toBe('Sunday, 12:00 – 1:00 PM');
  });

  it('refuses a day twice and a shop that closes before it opens', () => {
    expect(OpeningHoursInput.safeParse({ days: [1, 1], opensAt: 600, closesAt: 700 }).success).toBe(false);
    const backwards = OpeningHoursInput.safeParse({ days: [1], opensAt: 700, closesAt: 600 });
    expect(backwards.error?.issues[0]?.path).toEqual(['closesAt']);
    expect(OpeningHoursInput.safeParse({ days: [7], opensAt: 600, closesAt: 700 }).success).toBe(false);
  });

  it('reads the configuration’s way of writing them', () => {
    expect(parseOpeningHours('Mon-Fri 09:30-17:30')).toEqual(defaultOpeningHours);
    expect(parseOpeningHours('Fri-Mon 10:00-14:00')?.days).toEqual([0, 1, 5, 6]);
    expect(parseOpeningHours('tue,thu 8:00 - 12:00')).toEqual({ days: [2, 4], opensAt: 480, closesAt: 720 });
    for (const bad of [
      'Mon-Fri 9:30 am - 5:30 pm',
      'Mon-Fri 09:60-17:00',
      'Funday 09:00-10:00',
      'Mon 10:00-09:00',
    ])
      expect(parseOpeningHours(bad), bad).toBeNull();
  });

  it('books pickup slots within the hours the settings give', () => {
    const saturdays = appointmentCalendar({
      ...defaultMoneySettings,
      pickup: { ...defaultMoneySettings.pickup, openingHours: { days: [6], opensAt: 600, closesAt: 840 } },
    });
    expect(saturdays).toMatchObject({ days: [6], opensAt: 600, closesAt: 840 });
    expect(appointmentCalendar(defaultMoneySettings)).toMatchObject({
      days: [1, 2, 3, 4, 5],
      opensAt: 570,
      closesAt: 1050,
    });
  });
});

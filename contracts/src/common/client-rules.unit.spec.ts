import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n, setLanguageSource, toLanguage } from '../i18n/index.ts';
import {
  DATE_MAX,
  DATE_MIN,
  datePickerYears,
  dayWithin,
  isDay,
  isMonth,
  monthDays,
  monthOf,
} from './date-bounds.ts';
import { boundedDay, Month } from './date-schemas.ts';
import { setDisp, withSetDisp, withSetDispDeclared } from './record-list.ts';

describe('setDisp, the caption of every list (seeds 000 §3.2, issue 38 §6)', () => {
  it('says which records a page shows of how many, and nothing for an empty page', () => {
    expect(setDisp(1, 20, 20, 45)).toBe('Showing 1-20 of 45');
    expect(setDisp(3, 20, 5, 45)).toBe('Showing 41-45 of 45');
    expect(setDisp(4, 20, 0, 45)).toBe('');
  });

  it('adds the caption to a list answer from the page asked for, and leaves other answers alone', () => {
    const list = { records: [{ id: 'a' }, { id: 'b' }], totalRecords: 27 };
    expect(withSetDisp(list, { page: 2, limit: 25 })).toEqual({ ...list, setDisp: 'Showing 26-27 of 27' });
    // No page asked: the whole list from its first record.
    expect(withSetDisp(list, {})).toEqual({ ...list, setDisp: 'Showing 1-2 of 27' });
    // A list that says it already keeps what it says; what is no list is as it was.
    expect(withSetDisp({ ...list, setDisp: 2 }, { page: 1 })).toEqual({ ...list, setDisp: 2 });
    expect(withSetDisp({ id: 'x', total: 3 }, { page: 1 })).toEqual({ id: 'x', total: 3 });
    expect(withSetDisp(null, {})).toBeNull();
  });

  it('counts a list answered whole, and reads the length of a totalRecords that is a list (001 §3)', () => {
    expect(withSetDisp({ records: ['fr', 'it'] }, {})).toEqual({
      records: ['fr', 'it'],
      totalRecords: 2,
      setDisp: 'Showing 1-2 of 2',
    });
    expect(withSetDisp({ records: [], totalRecords: [] }, {})).toEqual({
      records: [],
      totalRecords: [],
      setDisp: '',
    });
    expect(
      withSetDisp({ records: ['a'], totalRecords: ['a', 'b', 'c'] }, { page: 1, limit: 1 }),
    ).toMatchObject({
      setDisp: 'Showing 1-1 of 3',
    });
  });

  it('declares an optional totalRecords and setDisp on a list schema only', () => {
    const list = z.object({ records: z.array(z.string()), totalRecords: z.number() });
    const declared = withSetDispDeclared(list);
    expect(declared.parse({ records: [], totalRecords: 0, setDisp: '' })).toEqual({
      records: [],
      totalRecords: 0,
      setDisp: '',
    });
    expect(declared.parse({ records: [], totalRecords: 0 })).toEqual({ records: [], totalRecords: 0 });
    const whole = withSetDispDeclared(z.object({ records: z.array(z.string()) }));
    expect(whole.parse({ records: ['a'], totalRecords: 1, setDisp: 'Showing 1-1 of 1' })).toEqual({
      records: ['a'],
      totalRecords: 1,
      setDisp: 'Showing 1-1 of 1',
    });
    const notAList = z.object({ items: z.array(z.string()) });
    expect(withSetDispDeclared(notAList)).toBe(notAList);
    const ownCaption = z.object({
      records: z.array(z.string()),
      totalRecords: z.number(),
      setDisp: z.number(),
    });
    expect(withSetDispDeclared(ownCaption)).toBe(ownCaption);
    const countedAsList = z.object({ records: z.array(z.string()), totalRecords: z.array(z.string()) });
    expect(withSetDispDeclared(countedAsList).parse({ records: [], totalRecords: [], setDisp: '' })).toEqual({
      records: [],
      totalRecords: [],
      setDisp: '',
    });
  });

  it('writes the caption in the language chosen', () => {
    // The language as a server's request (or the browser's choice) sets it: the unit files share one
    // module graph, and a file before this one may have left a server's source in place.
    setLanguageSource(() => 'es');
    try {
      expect(setDisp(1, 25, 25, 40)).toBe('Mostrando 1-25 de 40');
    } finally {
      setLanguageSource(() => toLanguage(i18n.language));
    }
  });
});

describe('date bounds and months (seeds 001 §5, §9; 000 §9)', () => {
  it('takes days from 1900-01-01 to 2100-01-01, both included, and real days only', () => {
    expect([DATE_MIN, DATE_MAX]).toEqual(['1900-01-01', '2100-01-01']);
    expect(dayWithin('1900-01-01')).toBe(true);
    expect(dayWithin('2100-01-01')).toBe(true);
    expect(dayWithin('1899-12-31')).toBe(false);
    expect(dayWithin('2100-01-02')).toBe(false);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(boundedDay().safeParse('1899-12-31').error?.issues[0]?.message).toBe(
      'Enter a date from 1900-01-01 to 2100-01-01',
    );
    expect(boundedDay('2000-01-01', '2026-11-22').safeParse('2026-11-23').success).toBe(false);
    expect(boundedDay().parse(' 1975-06-30 ')).toBe('1975-06-30');
  });

  it("offers a picker's years from 100 years before the maximum date to it", () => {
    expect(datePickerYears()).toEqual({ first: 2000, last: 2100 });
    expect(datePickerYears('2026-11-22')).toEqual({ first: 1926, last: 2026 });
    // Never before the lower bound's year.
    expect(datePickerYears('1950-06-01')).toEqual({ first: 1900, last: 1950 });
  });

  it('writes months YYYY-MM and knows their first and last days', () => {
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-1')).toBe(false);
    expect(isMonth('1899-12')).toBe(false);
    expect(isMonth('2100-01')).toBe(true);
    expect(isMonth('2100-02')).toBe(false);
    expect(monthOf('2026-11-22T10:00:00Z')).toBe('2026-11');
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(Month.safeParse('Nov 2026').error?.issues[0]?.message).toBe('Enter a month such as 2026-11');
  });
});

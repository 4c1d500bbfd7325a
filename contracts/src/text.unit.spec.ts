import { describe, expect, it } from 'vitest';
import { multilineText, plainText } from './text.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('plainText', () => {
  const firstName = plainText('First name', 'Required!').min(1, 'Required!').max(100);

  it.each([
    'Zoë',
    'Château Lafite-Rothschild',
    'O’Brien',
    "D'Arcy",
    'José María',
    'Ærø Vinhus',
    'Đặng',
    '山田 太郎',
    'محمد',
    'Ólafur 🍷',
    'Family 👨‍👩‍👧 Wines',
    'Pride 🏳️‍🌈 Cellars',
  ])('accepts what a person types: %s', (name) => {
    expect(firstName.safeParse(name)).toEqual({ success: true, data: name });
  });

  it('trims the value', () => {
    expect(firstName.parse('  Zoë \u00a0')).toBe('Zoë');
  });

  it.each([
    ['a NUL', 'Zo\u0000ë'],
    ['a backspace', 'Zoë\u0008x'],
    ['an escape', '\u001b[31mZoë'],
    ['a tab', 'Zo\të'],
    ['a line feed', 'Zoë\nSmith'],
    ['a C1 control', 'Zoë\u0085'],
    ['a DEL', 'Zoë\u007f'],
    ['a right-to-left override', 'Zoë\u202egpj.exe'],
    ['a left-to-right embedding', '\u202aZoë'],
    ['a first-strong isolate', 'Zoë\u2068x\u2069'],
    ['an Arabic letter mark', 'Zoë\u061c'],
    ['a zero-width space', 'Zo\u200bë'],
    ['a zero-width joiner between letters', 'Zo\u200dë'],
    ['a left-to-right mark', 'Zoë\u200e'],
    ['a word joiner', 'Zo\u2060ë'],
    ['an invisible times', 'Zo\u2062ë'],
    ['a byte order mark inside', 'Zo\ufeffë'],
    ['a soft hyphen', 'Zo\u00adë'],
    ['a Hangul filler', '\u3164'],
    ['a line separator', 'Zoë\u2028Smith'],
    ['an unpaired surrogate', 'Zoë\ud800'],
  ])('refuses %s with a clear message', (_, name) => {
    expect(messages(firstName.safeParse(name))).toEqual([
      'First name contains characters that are not allowed',
    ]);
  });

  it('refuses a name made of zero-width spaces only', () => {
    expect(messages(firstName.safeParse('\u200b\u200b\u200b'))).toEqual([
      'First name contains characters that are not allowed',
    ]);
  });

  it('answers Required! for an empty or blank value, and for a missing one', () => {
    expect(messages(firstName.safeParse(''))).toEqual(['Required!']);
    expect(messages(firstName.safeParse('   '))).toEqual(['Required!']);
    expect(messages(firstName.safeParse(undefined))).toEqual(['Required!']);
  });
});

describe('multilineText', () => {
  const description = multilineText('Description').max(20_000);

  it('keeps paragraphs, accents and emoji', () => {
    const text = 'Deep garnet. 🍷\n\nNotes of cassis, cèdre and graphite — drink 2030–2045.';
    expect(description.parse(text)).toBe(text);
  });

  it('turns CR LF into LF', () => {
    expect(description.parse('One\r\nTwo\rThree')).toBe('One\nTwo\nThree');
  });

  it.each([
    ['a NUL', 'Good\u0000wine'],
    ['a tab', 'Good\twine'],
    ['a right-to-left override', 'Good \u202ewine'],
    ['a zero-width space', 'Good\u200bwine'],
    ['a paragraph separator', 'Good\u2029wine'],
  ])('refuses %s', (_, text) => {
    expect(messages(description.safeParse(text))).toEqual([
      'Description contains characters that are not allowed',
    ]);
  });
});

/**
 * A small iCalendar writer (RFC 5545) for one event: what a pickup confirmation attaches and what
 * 'Add to calendar' downloads. No library is installed for it and the subset needed is small: CRLF
 * line ends, lines folded at 75 octets, TEXT values escaped, times in UTC.
 */
export interface CalendarEvent {
  /** Globally unique and stable across changes of the same appointment (RFC 5545 §3.8.4.7). */
  uid: string;
  /** Raised on every change, so a calendar replaces the copy it holds (§3.8.7.4). */
  sequence: number;
  /** When this version of the event was made (§3.8.7.2). */
  stamp: Date | string;
  start: Date | string;
  end: Date | string;
  summary: string;
  location: string;
  description: string;
  status: 'CONFIRMED' | 'CANCELLED';
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const PRODUCT_ID = '-//Fine Wine Auction//Pickup appointments//EN';

/** §3.3.5 form #2, UTC: 20261124T153000Z. */
export function utcStamp(value: Date | string): string {
  const iso = new Date(value).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** §3.3.11: backslash, semicolon, comma and line breaks escaped in a TEXT value. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * §3.1: a content line longer than 75 octets is folded (CRLF and one space), never inside a UTF-8
 * character, so an accented name survives the fold.
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation line starts with a space, so 74 more.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** The iCalendar text of one event: a VCALENDAR holding one VEVENT. */
export function icsText(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

const DAY_MS = 86_400_000;
/** Days either side of the instant: a lot's dates (bids, opening, close) fall well inside. */
const SPAN_DAYS = 400;

/**
 * The local time zone as the page's dates see it: its UTC offset at each day's instant from 400 days
 * before `at` to 400 after, written as the offsets and the days they change on. Two zones with the same
 * text write every date of that span alike (the painted page's dates are written from the offset, never
 * the zone's name), and asking `Date` costs a few milliseconds where the zone's name (`Intl`) loads the
 * locale data: a phone's longest step of the first load (Lighthouse, issue 33).
 */
export function zoneOffsets(at: number): string {
  const runs: string[] = [];
  let last: number | null = null;
  for (let day = -SPAN_DAYS; day <= SPAN_DAYS; day++) {
    const offset = new Date(at + day * DAY_MS).getTimezoneOffset();
    if (offset !== last) runs.push(`${day}:${offset}`);
    last = offset;
  }
  return runs.join(' ');
}

import { formatDate, formatDateTime } from '../../lib/format.ts';

const whole = { whiteSpace: 'nowrap' } as const;

/**
 * A date as the seeds write it (MM-DD-YYYY), with its time when asked (h:mm a), in a `<time>` element:
 * the date and the time each stay whole, so a narrow table cell breaks between them, never at the
 * date's hyphens (a staff invoice table once read "12-01-" over "2026").
 */
export function DateTime({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const [date, ...time] = (withTime ? formatDateTime(iso) : formatDate(iso)).split(' ');
  return (
    <time dateTime={iso}>
      <span style={whole}>{date}</span>
      {time.length > 0 ? (
        <>
          {' '}
          <span style={whole}>{time.join(' ')}</span>
        </>
      ) : null}
    </time>
  );
}

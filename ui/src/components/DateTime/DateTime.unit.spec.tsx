import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { render } from '../../test-utils/render.tsx';
import { DateTime } from './DateTime.tsx';

const iso = '2026-12-01T15:02:00.000Z';

describe('DateTime', () => {
  it('writes the date as the seeds do in a <time> element, whole', async () => {
    const { container } = await render(<DateTime iso={iso} />);
    const time = container.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(iso);
    expect(time?.textContent).toBe(formatDate(iso));
    const parts = [...(time?.querySelectorAll('span') ?? [])];
    expect(parts.map((part) => [part.textContent, part.style.whiteSpace])).toEqual([
      [formatDate(iso), 'nowrap'],
    ]);
  });

  it('adds the time, the date and the time each whole, so a narrow cell breaks between them', async () => {
    const { container } = await render(<DateTime iso={iso} withTime />);
    const time = container.querySelector('time');
    expect(time?.textContent).toBe(formatDateTime(iso));
    const parts = [...(time?.querySelectorAll('span') ?? [])];
    expect(parts.map((part) => part.style.whiteSpace)).toEqual(['nowrap', 'nowrap']);
    expect(parts.map((part) => part.textContent).join(' ')).toBe(formatDateTime(iso));
  });
});

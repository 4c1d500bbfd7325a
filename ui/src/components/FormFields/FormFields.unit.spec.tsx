import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { DateField, dateFieldBounds } from './DateField.tsx';
import { MonthField } from './MonthField.tsx';
import { rowsFor, TextArea } from './TextArea.tsx';

describe('the shared form fields (seeds 001 §5, §9; 000 §9)', () => {
  it('keeps a date field from 1900-01-01 to 2100-01-01, and a narrowed one to the hundred years before it', async () => {
    expect(dateFieldBounds()).toEqual({ min: '1900-01-01', max: '2100-01-01' });
    expect(dateFieldBounds(undefined, '2026-11-22')).toEqual({ min: '1926-01-01', max: '2026-11-22' });
    expect(dateFieldBounds('2026-01-01', '2026-12-31')).toEqual({ min: '2026-01-01', max: '2026-12-31' });
    const { container } = await render(
      <>
        <DateField label="Day" />
        <DateField label="Date of birth" max="2026-11-22" />
      </>,
    );
    const day = screen.getByLabelText('Day');
    expect([day.getAttribute('type'), day.getAttribute('min'), day.getAttribute('max')]).toEqual([
      'date',
      '1900-01-01',
      '2100-01-01',
    ]);
    expect(screen.getByLabelText('Date of birth').getAttribute('min')).toBe('1926-01-01');
    await expectNoAxeViolations(container);
  });

  it('writes a month as YYYY-MM, within the bounds', async () => {
    const { user } = await render(<MonthField label="Month" />);
    const month = screen.getByLabelText('Month') as HTMLInputElement;
    expect([month.type, month.min, month.max, month.placeholder]).toEqual([
      'month',
      '1900-01',
      '2100-01',
      'YYYY-MM',
    ]);
    expect(new RegExp(`^${month.pattern}$`).test('2026-11')).toBe(true);
    expect(new RegExp(`^${month.pattern}$`).test('2026-13')).toBe(false);
    await user.type(month, '2026-11');
    expect(month.value).toBe('2026-11');
  });

  it('grows a text area with its lines from 1 row to 4, then scrolls', async () => {
    expect([rowsFor(''), rowsFor('a\nb'), rowsFor('1\n2\n3\n4\n5\n6')]).toEqual([1, 2, 4]);
    expect(rowsFor('a', 8, 14)).toBe(8);
    const { user } = await render(<TextArea label="Note" />);
    const note = screen.getByLabelText('Note');
    expect(note.getAttribute('rows')).toBe('1');
    await user.type(note, 'one{Enter}two');
    expect(note.getAttribute('rows')).toBe('2');
    await user.type(note, '{Enter}3{Enter}4{Enter}5{Enter}6');
    expect(note.getAttribute('rows')).toBe('4');
    expect(note.className).toMatch(/textArea/);
  });

  it('starts a text area at the rows of the text it holds, and lets a form ask for more room', async () => {
    await render(
      <>
        <TextArea label="Kept" defaultValue={'a\nb\nc'} />
        <TextArea label="HTML" minRows={8} maxRows={14} value="<p>x</p>" onChange={() => {}} />
      </>,
    );
    expect(screen.getByLabelText('Kept').getAttribute('rows')).toBe('3');
    expect(screen.getByLabelText('HTML').getAttribute('rows')).toBe('8');
  });
});

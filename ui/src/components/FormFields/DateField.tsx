import { TextInput, type TextInputProps } from '@mantine/core';
import { DATE_MAX, DATE_MIN, datePickerYears } from '@wine/contracts';
import { forwardRef } from 'react';

/**
 * The days a date field offers (seeds 001 §5, §9): from 1900-01-01 to 2100-01-01 by default; a field
 * whose latest day is narrowed (a date of birth up to today) offers the hundred years before it (the
 * picker's year range), unless it says its own earliest day.
 */
export function dateFieldBounds(min?: string, max?: string): { min: string; max: string } {
  const last = max ?? DATE_MAX;
  if (min !== undefined) return { min, max: last };
  if (max === undefined) return { min: DATE_MIN, max: last };
  return { min: `${datePickerYears(last).first}-01-01`, max: last };
}

export interface DateFieldProps extends Omit<TextInputProps, 'type' | 'min' | 'max'> {
  /** The earliest day (YYYY-MM-DD); see dateFieldBounds. (A form library may hand it over as a number.) */
  min?: string | number | undefined;
  /** The latest day (YYYY-MM-DD); 2100-01-01 unless narrowed. */
  max?: string | number | undefined;
}

/**
 * A day (YYYY-MM-DD) with the browser's own date picker, kept within the seeds' bounds: every date
 * field of the forms is one, so none takes a year 0002 or 20266.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { min, max, ...props },
  ref,
) {
  const bounds = dateFieldBounds(
    min === undefined ? min : String(min),
    max === undefined ? max : String(max),
  );
  return <TextInput ref={ref} type="date" min={bounds.min} max={bounds.max} {...props} />;
});

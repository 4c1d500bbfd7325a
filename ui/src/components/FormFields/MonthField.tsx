import { TextInput, type TextInputProps } from '@mantine/core';
import { DATE_MAX, DATE_MIN, MONTH_FORMAT, monthOf } from '@wine/contracts';
import { forwardRef } from 'react';

/**
 * A month, written YYYY-MM (seeds 000 §9 "month YYYY-MM"), with the browser's month picker where it has
 * one, and as text with that pattern where it has not; within the date bounds' months.
 */
export const MonthField = forwardRef<HTMLInputElement, Omit<TextInputProps, 'type' | 'min' | 'max'>>(
  function MonthField(props, ref) {
    return (
      <TextInput
        ref={ref}
        type="month"
        min={monthOf(DATE_MIN)}
        max={monthOf(DATE_MAX)}
        placeholder={MONTH_FORMAT}
        pattern="[0-9]{4}-(0[1-9]|1[0-2])"
        {...props}
      />
    );
  },
);

import { Textarea, type TextareaProps } from '@mantine/core';
import { type ChangeEvent, forwardRef, useState } from 'react';
import classes from './FormFields.module.css';

/** seeds 001 §9 "Textarea 1 to 4 rows by default". */
export const TEXTAREA_ROWS = { min: 1, max: 4 } as const;

/** The rows a text shows: one per line it holds, from `min` to `max` (then it scrolls). */
export const rowsFor = (text: string, min: number = TEXTAREA_ROWS.min, max: number = TEXTAREA_ROWS.max) =>
  Math.min(Math.max(text.split('\n').length, min), Math.max(min, max));

export interface TextAreaProps extends Omit<TextareaProps, 'autosize' | 'rows'> {
  /** The fewest rows shown (1 unless the form needs more room, a page's HTML). */
  minRows?: number;
  /** The most rows shown before it scrolls (4 unless the form needs more room). */
  maxRows?: number;
}

/**
 * The text area of every form (seeds 001 §9): it grows with its text from 1 row to 4, then scrolls. The
 * rows follow the lines typed; where the browser sizes a field to its content (CSS field-sizing), long
 * lines that wrap count too, within the same 1 to 4 rows.
 */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { minRows = TEXTAREA_ROWS.min, maxRows = TEXTAREA_ROWS.max, onChange, style, ...props },
  ref,
) {
  const [typed, setTyped] = useState(() => String(props.value ?? props.defaultValue ?? ''));
  const text = props.value !== undefined ? String(props.value) : typed;
  return (
    <Textarea
      ref={ref}
      rows={rowsFor(text, minRows, maxRows)}
      classNames={{ input: classes.textArea }}
      style={[{ '--text-area-min-rows': minRows, '--text-area-max-rows': maxRows }, style]}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
        setTyped(event.currentTarget.value);
        onChange?.(event);
      }}
      {...props}
    />
  );
});

import { Group, NumberInput } from '@mantine/core';
import { type FocusEvent, type KeyboardEvent, useState } from 'react';

export interface RangeFilterProps {
  legend: string;
  lowLabel: string;
  highLabel: string;
  low: number | undefined;
  high: number | undefined;
  max: number;
  prefix?: string;
  onChange: (low: number | undefined, high: number | undefined) => void;
}

const boundOf = (value: string | number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * Two bounds of a range filter: typed freely, applied on Enter or when focus leaves the pair (not on
 * every key, which would load a page per digit). Tabbing from the minimum to the maximum applies
 * nothing: applying there re-rendered the filter under the typing and dropped the maximum (issue
 * 31). A change of the URL (back button, clear filters) shows the new bounds without a remount.
 */
export function RangeFilter({
  legend,
  lowLabel,
  highLabel,
  low,
  high,
  max,
  prefix,
  onChange,
}: RangeFilterProps) {
  const [from, setFrom] = useState<string | number>(low ?? '');
  const [to, setTo] = useState<string | number>(high ?? '');
  const [shown, setShown] = useState({ low, high });
  if (shown.low !== low || shown.high !== high) {
    // The applied bounds changed (this filter, the URL, a clear): show them.
    setShown({ low, high });
    setFrom(low ?? '');
    setTo(high ?? '');
  }
  const apply = () => {
    const [a, b] = [boundOf(from), boundOf(to)];
    if (a !== low || b !== high) onChange(a, b);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') apply();
  };
  const onBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    // Moving between the two bounds is still typing the range.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) apply();
  };
  const common = { min: 0, max, clampBehavior: 'strict', allowDecimal: false, allowNegative: false } as const;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} onBlur={onBlur}>
      <legend style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 }}>{legend}</legend>
      <Group gap="xs" grow mt={4} wrap="nowrap">
        <NumberInput
          {...common}
          label={lowLabel}
          size="xs"
          prefix={prefix}
          value={from}
          onChange={setFrom}
          onKeyDown={onKeyDown}
        />
        <NumberInput
          {...common}
          label={highLabel}
          size="xs"
          prefix={prefix}
          value={to}
          onChange={setTo}
          onKeyDown={onKeyDown}
        />
      </Group>
    </fieldset>
  );
}

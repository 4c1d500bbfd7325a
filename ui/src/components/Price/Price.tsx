import { Text, type TextProps } from '@mantine/core';
import { formatMoney } from '../../lib/format.ts';

export interface PriceProps extends TextProps {
  /** Integer cents, as on the wire. */
  cents: number;
  'data-testid'?: string;
}

/** An amount of money, written $1,234.00 (seeds 000 §9). */
export function Price({ cents, ...props }: PriceProps) {
  return (
    <Text component="span" fw={600} {...props}>
      {formatMoney(cents)}
    </Text>
  );
}

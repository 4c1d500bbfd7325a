import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { PayoutMethod } from '@wine/contracts';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';

export interface PayoutMethodFieldProps<Values extends FieldValues, Input> {
  control: Control<Values, unknown, Input>;
  /** The form's field that holds the method. */
  name: FieldPathByValue<Values, PayoutMethod>;
  /** The field's name, as its reader calls it (the seller's words, or finance's). */
  label: string;
  /** Each method's name, likewise. */
  methods: Record<PayoutMethod, string>;
}

/**
 * Check or bank transfer, one of the two: how the seller wants to be paid (their payout preference),
 * and how finance paid them (a payout recorded).
 */
export function PayoutMethodField<Values extends FieldValues, Input>({
  control,
  name,
  label,
  methods,
}: PayoutMethodFieldProps<Values, Input>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <SegmentedControl
            value={field.value as PayoutMethod}
            onChange={(value) => field.onChange(value as PayoutMethod)}
            aria-label={label}
            data={[
              { value: 'check', label: methods.check },
              { value: 'bank_transfer', label: methods.bank_transfer },
            ]}
          />
        </Stack>
      )}
    />
  );
}

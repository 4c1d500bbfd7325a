import { Grid, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The fields of a form that holds a person's name. */
export interface NameValues {
  first_name: string;
  last_name: string;
}

export interface NameFieldsProps {
  register: UseFormRegister<NameValues>;
  errors: FieldErrors<NameValues>;
}

const names = [
  { name: 'first_name', label: 'ui.common.firstName', autoComplete: 'given-name' },
  { name: 'last_name', label: 'ui.common.lastName', autoComplete: 'family-name' },
] as const;

/** First and last name side by side (stacked on a phone), both required (registration, My Account). */
export function NameFields({ register, errors }: NameFieldsProps) {
  const { t } = useTranslation();
  return (
    <Grid>
      {names.map(({ name, label, autoComplete }) => (
        <Grid.Col key={name} span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t(label)}
            autoComplete={autoComplete}
            required
            error={errors[name]?.message}
            {...register(name)}
          />
        </Grid.Col>
      ))}
    </Grid>
  );
}

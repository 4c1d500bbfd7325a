import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  type NumberInputProps,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { showServerFieldErrors } from '../../lib/forms.ts';

/** A section of the settings screen: its title, what it is for, its fields, a refusal and its Save. */
export function SettingsCard({
  title,
  hint,
  failure,
  saving,
  onSubmit,
  testId,
  children,
}: {
  title: string;
  hint?: string;
  failure: string | null;
  saving: boolean;
  onSubmit: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `${testId}-title`;
  return (
    <form
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Card withBorder component="section" aria-labelledby={id}>
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg" id={id}>
              {title}
            </Title>
            {hint ? (
              <Text size="sm" c="dimmed">
                {hint}
              </Text>
            ) : null}
          </div>
          {children}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('ui.houseSettings.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}

/** Saves with `save`; a refusal goes under the field it names, or above the button. */
export function useSectionSubmit<Form extends FieldValues>(
  fields: readonly FieldPath<Form>[],
  setError: (field: FieldPath<Form>, error: { type: string; message: string }) => void,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (save: () => Promise<void>) => {
    setFailure(null);
    try {
      await save();
    } catch (error) {
      if (!showServerFieldErrors<Form>(error, fields, setError)) setFailure(errorMessage(error));
    }
  };
  return { failure, run };
}

/** A required number of a settings form, its error under it. */
export function NumberField<Form extends FieldValues, Output>({
  control,
  name,
  ...input
}: { control: Control<Form, unknown, Output>; name: FieldPath<Form> } & NumberInputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          required
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          {...input}
        />
      )}
    />
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { showServerFieldErrors } from '../../lib/forms.ts';

/** What the server said went wrong without naming a field, inside the dialog that asked. */
export function DialogFailure({ message }: { message: string | null }) {
  return message ? (
    <Text size="sm" c="red.8" role="alert" data-testid="dialog-failure">
      {message}
    </Text>
  ) : null;
}

/** What opens a form dialog gives it: closing it, and sending its input. */
export interface FormDialogActions<Input> {
  onClose: () => void;
  /** Sends the checked input; rejects with the server's message. */
  onSubmit: (input: Input) => Promise<void>;
}

export interface FormDialogProps<Values extends FieldValues, Input> extends FormDialogActions<Input> {
  /** The dialog's title, which names its form too. */
  title: string;
  submitLabel: string;
  form: UseFormReturn<Values, unknown, Input>;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A dialog holding one form (adding or editing a record): its fields, then what the server said went
 * wrong, Cancel and the submit button. It closes once the input is sent; an error the server pins
 * on one of the form's fields goes under it, any other stays in the dialog, so the user can correct it.
 */
export function FormDialog<Values extends FieldValues, Input>({
  title,
  submitLabel,
  form,
  onClose,
  onSubmit,
  children,
}: FormDialogProps<Values, Input>) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);

  const onValid = async (input: Input) => {
    setFailure(null);
    try {
      await onSubmit(input);
      onClose();
    } catch (error) {
      const fields = Object.keys(form.getValues()) as FieldPath<Values>[];
      if (!showServerFieldErrors<Values>(error, fields, form.setError)) setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <form
        onSubmit={(event) => {
          // A dialog opened from inside another form (a lot's photos in its editor): React passes the
          // submit up through the portal, and the outer form must not be sent with it.
          event.stopPropagation();
          void form.handleSubmit(onValid)(event);
        }}
        noValidate
        aria-label={title}
      >
        <Stack gap="md">
          {children}
          <DialogFailure message={failure} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('ui.common.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

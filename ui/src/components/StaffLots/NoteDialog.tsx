import { Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

interface NoteValues {
  text: string;
}

/**
 * A lot's action that asks for one text and says why (withdraw with a reason, send back with a note):
 * the text is checked with the contract's own field schema, as the server checks it.
 */
export function NoteDialog({
  title,
  submitLabel,
  hint,
  label,
  rows,
  field,
  ...actions
}: FormDialogActions<string> & {
  title: string;
  submitLabel: string;
  hint: string;
  label: string;
  rows: number;
  /** The contract's schema of the text (WithdrawLotInput's reason, SendBackLotInput's note). */
  field: z.ZodType<string>;
}) {
  const form = useForm<NoteValues, unknown, NoteValues>({
    defaultValues: { text: '' },
    resolver: contractResolver(z.object({ text: field }), (values: NoteValues) => values),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      form={form}
      onClose={actions.onClose}
      onSubmit={(input) => actions.onSubmit(input.text)}
    >
      <Text size="sm">{hint}</Text>
      <Textarea
        label={label}
        required
        rows={rows}
        data-autofocus
        {...register('text')}
        error={errors.text?.message}
      />
    </FormDialog>
  );
}

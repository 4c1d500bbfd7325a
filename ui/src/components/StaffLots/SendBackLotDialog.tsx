import { Text, Textarea } from '@mantine/core';
import { SendBackLotInput } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

interface SendBackValues {
  note: string;
}

/** An admin sends a seller's listing back with a note saying what to change (the seller sees the note). */
export function SendBackLotDialog({ title, ...actions }: FormDialogActions<string> & { title: string }) {
  const { t } = useTranslation();
  const form = useForm<SendBackValues, unknown, SendBackValues>({
    defaultValues: { note: '' },
    resolver: contractResolver(SendBackLotInput.pick({ note: true }), (values: SendBackValues) => values),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.staff.review.sendBackTitle', { title })}
      submitLabel={t('ui.staff.review.sendBack')}
      form={form}
      onClose={actions.onClose}
      onSubmit={(input) => actions.onSubmit(input.note)}
    >
      <Text size="sm">{t('ui.staff.review.sendBackHint')}</Text>
      <Textarea
        label={t('ui.staff.review.note')}
        required
        rows={3}
        data-autofocus
        {...register('note')}
        error={errors.note?.message}
      />
    </FormDialog>
  );
}

import { Text, Textarea } from '@mantine/core';
import { WithdrawLotInput } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

interface WithdrawValues {
  reason: string;
}

/** An admin withdraws a lot, saying why (the reason is on the LotWithdrawn event, in the lot's history). */
export function WithdrawLotDialog({ title, ...actions }: FormDialogActions<string> & { title: string }) {
  const { t } = useTranslation();
  const form = useForm<WithdrawValues, unknown, WithdrawValues>({
    defaultValues: { reason: '' },
    // The id is the dialog's own lot: the reason is checked here.
    resolver: contractResolver(WithdrawLotInput.pick({ reason: true }), (values: WithdrawValues) => values),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.staff.editor.withdrawTitle', { title })}
      submitLabel={t('ui.staff.editor.withdraw')}
      form={form}
      onClose={actions.onClose}
      onSubmit={(input) => actions.onSubmit(input.reason)}
    >
      <Text size="sm">{t('ui.staff.editor.withdrawHint')}</Text>
      <Textarea
        label={t('ui.staff.editor.withdrawReason')}
        required
        rows={2}
        data-autofocus
        {...register('reason')}
        error={errors.reason?.message}
      />
    </FormDialog>
  );
}

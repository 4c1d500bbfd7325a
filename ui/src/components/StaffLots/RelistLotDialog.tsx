import { Text, TextInput } from '@mantine/core';
import { type InputOf, RelistLotInput } from '@wine/contracts';
import dayjs from 'dayjs';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { fromLocalInput, toLocalInput } from './lot-form.ts';

interface RelistValues {
  /** `datetime-local` values, in the browser's time zone. */
  startsAt: string;
  closesAt: string;
}

/**
 * An admin offers a withdrawn or unsold lot again (issue 33): a new lot with its fields and the bottles
 * left, opening and closing when given here; its auction and lot number are set in its own editor.
 */
export function RelistLotDialog({
  id,
  title,
  now,
  ...actions
}: FormDialogActions<InputOf<'relistLot'>> & { id: string; title: string; now: Date }) {
  const { t } = useTranslation();
  const form = useForm<RelistValues, unknown, InputOf<'relistLot'>>({
    defaultValues: {
      startsAt: toLocalInput(dayjs(now).add(1, 'hour').startOf('hour').toISOString()),
      closesAt: toLocalInput(dayjs(now).add(7, 'day').startOf('hour').toISOString()),
    },
    resolver: contractResolver(RelistLotInput, (values: RelistValues) => ({
      id,
      ...(values.startsAt ? { startsAt: fromLocalInput(values.startsAt) } : {}),
      closesAt: fromLocalInput(values.closesAt),
    })),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.staff.editor.relistTitle', { title })}
      submitLabel={t('ui.staff.editor.relist')}
      form={form}
      onClose={actions.onClose}
      onSubmit={actions.onSubmit}
    >
      <Text size="sm">{t('ui.staff.editor.relistHint')}</Text>
      <TextInput
        type="datetime-local"
        label={t('ui.staff.editor.startsAt')}
        data-autofocus
        {...register('startsAt')}
        error={errors.startsAt?.message}
      />
      <TextInput
        type="datetime-local"
        label={t('ui.staff.editor.closesAt')}
        required
        {...register('closesAt')}
        error={errors.closesAt?.message}
      />
    </FormDialog>
  );
}

import { Text } from '@mantine/core';
import { type InputOf, RelistLotInput } from '@wine/contracts';
import dayjs from 'dayjs';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { LotDatesFields, type LotDatesValues } from './LotDatesFields.tsx';
import { fromLocalInput, toLocalInput } from './lot-form.ts';

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
  const form = useForm<LotDatesValues, unknown, InputOf<'relistLot'>>({
    defaultValues: {
      startsAt: toLocalInput(dayjs(now).add(1, 'hour').startOf('hour').toISOString()),
      closesAt: toLocalInput(dayjs(now).add(7, 'day').startOf('hour').toISOString()),
    },
    resolver: contractResolver(RelistLotInput, (values: LotDatesValues) => ({
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
      <LotDatesFields register={register} errors={errors} />
    </FormDialog>
  );
}

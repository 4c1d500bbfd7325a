import { Text } from '@mantine/core';
import { ApproveLotInput, type InputOf } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { LotDatesFields, type LotDatesValues } from './LotDatesFields.tsx';
import { fromLocalInput, toLocalInput } from './lot-form.ts';

/**
 * An admin approves a seller's submitted listing (issue 33 "Sellers"): it goes live with the seller's
 * fields; the opening and close are the seller's unless changed here (a close that passed while the
 * listing waited is refused by the server, CLOSE_IN_PAST).
 */
export function ApproveLotDialog({
  id,
  title,
  startsAt,
  closesAt,
  ...actions
}: FormDialogActions<InputOf<'approveLot'>> & {
  id: string;
  title: string;
  startsAt: string;
  closesAt: string;
}) {
  const { t } = useTranslation();
  // The seller's dates, unless the admin changes them.
  const given = { startsAt: toLocalInput(startsAt), closesAt: toLocalInput(closesAt) };
  const form = useForm<LotDatesValues, unknown, InputOf<'approveLot'>>({
    defaultValues: given,
    // Only what the admin changed is sent: the seller's own dates stay theirs to the second.
    resolver: contractResolver(ApproveLotInput, (values: LotDatesValues) => ({
      id,
      ...(values.startsAt && values.startsAt !== given.startsAt
        ? { startsAt: fromLocalInput(values.startsAt) }
        : {}),
      ...(values.closesAt && values.closesAt !== given.closesAt
        ? { closesAt: fromLocalInput(values.closesAt) }
        : {}),
    })),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.staff.review.approveTitle', { title })}
      submitLabel={t('ui.staff.review.approve')}
      form={form}
      onClose={actions.onClose}
      onSubmit={actions.onSubmit}
    >
      <Text size="sm">{t('ui.staff.review.approveHint')}</Text>
      <LotDatesFields register={register} errors={errors} />
    </FormDialog>
  );
}

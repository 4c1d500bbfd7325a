import { TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A lot's opening and close as a dialog asks them: `datetime-local` values, in the browser's time zone. */
export interface LotDatesValues {
  startsAt: string;
  closesAt: string;
}

export interface LotDatesFieldsProps {
  register: UseFormRegister<LotDatesValues>;
  errors: FieldErrors<LotDatesValues>;
}

/**
 * The opening (focused first, may be left empty) and the close (required) of a lot, each with its
 * error under it: an admin approving a listing or relisting a lot.
 */
export function LotDatesFields({ register, errors }: LotDatesFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

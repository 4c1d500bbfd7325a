import { PasswordInput, Stack } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PasswordScore } from '../../lib/password-strength.ts';
import { PasswordStrength } from '../PasswordStrength/PasswordStrength.tsx';

/** The fields of a form that sets a password. */
export interface PasswordValues {
  password: string;
  confirm_password: string;
}

export interface PasswordFieldsProps {
  register: UseFormRegister<PasswordValues>;
  errors: FieldErrors<PasswordValues>;
  /** The password as typed (the form's watch), which the strength meter scores. */
  password: string;
  /** Words the password should not lean on (the user's name and e-mail). */
  userInputs?: string[];
  /** Each new score (seeds 001 §4: the form keeps it). */
  onScore: (score: PasswordScore) => void;
  /** The password field's label: 'Password' on registration, 'New password' where one is replaced. */
  label?: 'password' | 'newPassword';
}

/** A new password with its strength meter, then its confirmation (registration, change and reset). */
export function PasswordFields({
  register,
  errors,
  password,
  userInputs,
  onScore,
  label = 'newPassword',
}: PasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Stack gap={6}>
        <PasswordInput
          label={t(label === 'password' ? 'ui.common.password' : 'ui.common.newPassword')}
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordStrength password={password} {...(userInputs && { userInputs })} onScore={onScore} />
      </Stack>
      <PasswordInput
        label={t('ui.common.confirmPassword')}
        autoComplete="new-password"
        required
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
    </>
  );
}

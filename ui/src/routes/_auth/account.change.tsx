import { Button, Card, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { accountMessages, ChangePasswordInput } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { ACCOUNT_TITLE_ID, AccountSettings } from '../../components/AccountSettings/AccountSettings.tsx';
import { PasswordStrength } from '../../components/PasswordStrength/PasswordStrength.tsx';
import { contractResolver, passwordsMatch, showServerFieldErrors } from '../../lib/forms.ts';
import type { PasswordScore } from '../../lib/password-strength.ts';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom, renewSessionAtom } from '../../state/session.ts';

export const Route = createFileRoute('/_auth/account/change')({ component: ChangePasswordPage });

interface ChangePasswordForm {
  current_password: string;
  password: string;
  confirm_password: string;
  /** seeds 001 §4: the strength score is kept in the form (not sent). */
  password_score: PasswordScore;
}

const emptyForm: ChangePasswordForm = {
  current_password: '',
  password: '',
  confirm_password: '',
  password_score: 0,
};

function ChangePasswordPage() {
  const user = useAtomValue(currentUserAtom);
  const renewSession = useSetAtom(renewSessionAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  useDocumentMeta({ title: 'Change password | Fine Wine Auction' });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm, unknown, z.output<typeof ChangePasswordInput>>({
    defaultValues: emptyForm,
    resolver: contractResolver(
      ChangePasswordInput,
      ({ password_score: _score, ...input }: ChangePasswordForm) => input,
      passwordsMatch,
    ),
  });
  const password = watch('password');
  const keepScore = useCallback((score: PasswordScore) => setValue('password_score', score), [setValue]);

  const onValid = async (input: z.output<typeof ChangePasswordInput>) => {
    try {
      const { responseData, message } = await callForMessage('changePassword', input);
      // The server ended every other session, the old token of this one included.
      renewSession(responseData);
      reset(emptyForm);
      pushAlert({ msg: messageOr(message, accountMessages.passwordUpdated), type: 'success' });
    } catch (error) {
      const fields = ['current_password', 'password', 'confirm_password'] as const;
      if (!showServerFieldErrors<ChangePasswordForm>(error, fields, setError)) {
        pushAlert({ msg: errorMessage(error), type: 'error' });
      }
    }
  };

  return (
    <AccountSettings title="Change password">
      <Card component="section" maw={560}>
        <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby={ACCOUNT_TITLE_ID}>
          <Stack gap="md">
            <Text c="dimmed" size="sm">
              A new password signs you out on every other device; you stay signed in here.
            </Text>
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              error={errors.current_password?.message}
              {...register('current_password')}
            />
            <Stack gap={6}>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                error={errors.password?.message}
                {...register('password')}
              />
              <PasswordStrength
                password={password}
                userInputs={user ? [user.first_name, user.last_name, user.email] : []}
                onScore={keepScore}
              />
            </Stack>
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              required
              error={errors.confirm_password?.message}
              {...register('confirm_password')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </AccountSettings>
  );
}

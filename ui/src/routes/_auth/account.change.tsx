import { Button, Card, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { accountMessages, ChangePasswordInput } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { ACCOUNT_TITLE_ID, AccountSettings } from '../../components/AccountSettings/AccountSettings.tsx';
import { PasswordFields } from '../../components/PasswordFields/PasswordFields.tsx';
import { contractResolver, passwordsMatch, showServerFieldErrors } from '../../lib/forms.ts';
import type { PasswordScore } from '../../lib/password-strength.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
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
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.accountPages.changePassword')) });
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
    <AccountSettings title={t('ui.accountPages.changePassword')}>
      <Card component="section" maw={560}>
        <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby={ACCOUNT_TITLE_ID}>
          <Stack gap="md">
            <Text c="dimmed" size="sm">
              {t('ui.changePassword.intro')}
            </Text>
            <PasswordInput
              label={t('ui.changePassword.current')}
              autoComplete="current-password"
              required
              error={errors.current_password?.message}
              {...register('current_password')}
            />
            <PasswordFields
              register={register}
              errors={errors}
              password={password}
              userInputs={user ? [user.first_name, user.last_name, user.email] : []}
              onScore={keepScore}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting}>
                {t('ui.changePassword.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </AccountSettings>
  );
}

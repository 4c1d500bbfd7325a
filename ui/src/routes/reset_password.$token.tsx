import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { accountMessages, ResetPasswordInput } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../api/client.ts';
import { PasswordFields } from '../components/PasswordFields/PasswordFields.tsx';
import { contractResolver, passwordsMatch, showServerFieldErrors } from '../lib/forms.ts';
import type { PasswordScore } from '../lib/password-strength.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { pushAlertAtom } from '../state/alerts.ts';
import classes from './-account.module.css';

export const Route = createFileRoute('/reset_password/$token')({ component: ResetPasswordRoute });

function ResetPasswordRoute() {
  const { token } = Route.useParams();
  // A new link is a new form.
  return <ResetPasswordPage key={token} token={token} />;
}

interface ResetForm {
  token: string;
  password: string;
  confirm_password: string;
  /** seeds 001 §4: the strength score is kept in the form (not sent). */
  password_score: PasswordScore;
}

function ResetPasswordPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const pushAlert = useSetAtom(pushAlertAtom);
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.resetPassword.pageTitle')) });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm, unknown, z.output<typeof ResetPasswordInput>>({
    defaultValues: { token, password: '', confirm_password: '', password_score: 0 },
    resolver: contractResolver(
      ResetPasswordInput,
      ({ password_score: _score, ...input }: ResetForm) => input,
      passwordsMatch,
    ),
  });
  const password = watch('password');
  const keepScore = useCallback((score: PasswordScore) => setValue('password_score', score), [setValue]);

  const onValid = async (input: z.output<typeof ResetPasswordInput>) => {
    try {
      const { message } = await callForMessage('resetPassword', input);
      pushAlert({ msg: messageOr(message, accountMessages.passwordChanged), type: 'success' });
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      if (!showServerFieldErrors<ResetForm>(error, ['token', 'password', 'confirm_password'], setError)) {
        pushAlert({ msg: errorMessage(error), type: 'error' });
      }
    }
  };

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.page}>
        <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="reset-title">
          <Stack gap="md">
            <Title order={1} id="reset-title" fz={32}>
              {t('ui.resetPassword.title')}
            </Title>
            {errors.token?.message ? (
              <Alert color="red" role="alert" data-testid="reset-link-error">
                {errors.token.message}.{' '}
                <Anchor component={Link} to="/forgot_password" inherit>
                  {t('ui.resetPassword.askNewLink')}
                </Anchor>
              </Alert>
            ) : null}
            <PasswordFields register={register} errors={errors} password={password} onScore={keepScore} />
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('ui.resetPassword.submit')}
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/login">
                {t('ui.common.backToSignIn')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

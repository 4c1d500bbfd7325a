import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { accountMessages, ForgotPasswordInput } from '@wine/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../api/client.ts';
import { contractResolver } from '../lib/forms.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import classes from './-account.module.css';

export const Route = createFileRoute('/forgot_password')({ component: ForgotPasswordPage });

interface ForgotForm {
  email: string;
}

/**
 * Password recovery. The answer is the same whether or not the e-mail has an account (the server
 * says so), so the page shows the server's message either way.
 */
function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.forgotPassword.pageTitle')) });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotForm, unknown, { email: string }>({
    defaultValues: { email: '' },
    resolver: contractResolver(ForgotPasswordInput, (values: ForgotForm) => values),
  });

  const onValid = async (input: { email: string }) => {
    setAnswer(null);
    try {
      const { message } = await callForMessage('forgotPassword', input);
      setAnswer({ ok: true, message: messageOr(message, accountMessages.resetSent) });
    } catch (error) {
      setAnswer({ ok: false, message: errorMessage(error) });
    }
  };

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.page}>
        <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="forgot-title">
          <Stack gap="md">
            <Title order={1} id="forgot-title" fz={32}>
              {t('ui.forgotPassword.title')}
            </Title>
            <Text size="sm">{t('ui.forgotPassword.intro')}</Text>
            <TextInput
              label={t('ui.common.email')}
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            {answer ? (
              <Alert
                color={answer.ok ? 'green' : 'red'}
                role={answer.ok ? 'status' : 'alert'}
                data-testid="forgot-answer"
              >
                {answer.message}
              </Alert>
            ) : null}
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('ui.forgotPassword.send')}
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

import {
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LoginInput } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../api/client.ts';
import { AccountPhoneSignIn } from '../components/AccountPhoneSignIn/AccountPhoneSignIn.tsx';
import { AnchorLink } from '../components/AnchorLink.tsx';
import { afterLoginParams, afterLoginSearchSchema, afterLoginTarget } from '../lib/after-login.ts';
import { contractResolver } from '../lib/forms.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { pushAlertAtom } from '../state/alerts.ts';
import { signInAtom } from '../state/session.ts';
import classes from './-account.module.css';

export const Route = createFileRoute('/login')({
  validateSearch: afterLoginSearchSchema,
  search: { middlewares: afterLoginSearchSchema.middlewares },
  component: LoginPage,
});

interface LoginForm {
  email: string;
  password: string;
  /** Keep the token in local storage rather than for this tab only. */
  remember: boolean;
}

function LoginPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.login.pageTitle')) });
  // Issue 38 §3: a code texted to the account's verified phone instead of the password.
  const [byPhone, setByPhone] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, { email: string; password: string }>({
    defaultValues: { email: '', password: '', remember: false },
    resolver: contractResolver(LoginInput, ({ email, password }: LoginForm) => ({ email, password })),
  });

  const onValid = async (input: { email: string; password: string }) => {
    try {
      const result = await call('login', input);
      signIn(result, { remember: getValues('remember') });
      await navigate({ href: afterLoginTarget(search), replace: true });
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };

  if (byPhone) {
    return (
      <Container py="xl">
        <Paper withBorder p="xl" className={classes.page}>
          <AccountPhoneSignIn
            onSignedIn={async (result, options) => {
              signIn(result, options);
              await navigate({ href: afterLoginTarget(search), replace: true });
            }}
            onBack={() => setByPhone(false)}
          />
        </Paper>
      </Container>
    );
  }

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.page}>
        <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="login-title">
          <Stack gap="md">
            <Title order={1} id="login-title" fz={32}>
              {t('ui.login.title')}
            </Title>
            <TextInput
              label={t('ui.common.email')}
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <PasswordInput
              label={t('ui.common.password')}
              autoComplete="current-password"
              required
              error={errors.password?.message}
              {...register('password')}
            />
            <Group justify="space-between">
              <Checkbox label={t('ui.login.remember')} {...register('remember')} />
              <AnchorLink to="/forgot_password" size="sm">
                {t('ui.login.forgot')}
              </AnchorLink>
            </Group>
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('ui.common.signIn')}
            </Button>
            <Button variant="subtle" onClick={() => setByPhone(true)} data-testid="phone-login-option">
              {t('ui.accountExtras.phoneSignIn.option')}
            </Button>
            <Text size="sm" ta="center">
              {t('ui.login.newHere')}{' '}
              <AnchorLink to="/registration" search={afterLoginParams(search)}>
                {t('ui.login.createAccount')}
              </AnchorLink>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

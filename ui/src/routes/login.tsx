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
import { useForm } from 'react-hook-form';
import { call, errorMessage } from '../api/client.ts';
import { AnchorLink } from '../components/AnchorLink.tsx';
import { afterLoginParams, afterLoginSearchSchema, afterLoginTarget } from '../lib/after-login.ts';
import { contractResolver } from '../lib/forms.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { pushAlertAtom } from '../state/alerts.ts';
import { signInAtom } from '../state/session.ts';
import classes from './-account.module.css';

export const Route = createFileRoute('/login')({
  validateSearch: afterLoginSearchSchema,
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
  useDocumentMeta({ title: 'Sign in | Fine Wine Auction' });
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

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.page}>
        <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="login-title">
          <Stack gap="md">
            <Title order={1} id="login-title" fz={32}>
              Sign in
            </Title>
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              error={errors.password?.message}
              {...register('password')}
            />
            <Group justify="space-between">
              <Checkbox label="Remember me" {...register('remember')} />
              <AnchorLink to="/forgot_password" size="sm">
                Forgot password?
              </AnchorLink>
            </Group>
            <Button type="submit" loading={isSubmitting} fullWidth>
              Sign In
            </Button>
            <Text size="sm" ta="center">
              New here?{' '}
              <AnchorLink to="/registration" search={afterLoginParams(search)}>
                Create an account
              </AnchorLink>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

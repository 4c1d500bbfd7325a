import {
  Anchor,
  Button,
  Checkbox,
  Container,
  Grid,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { RegisterInput } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { call, errorMessage } from '../api/client.ts';
import { AnchorLink } from '../components/AnchorLink.tsx';
import { PasswordStrength } from '../components/PasswordStrength/PasswordStrength.tsx';
import { VerifyCodeDialog } from '../components/VerifyCodeDialog/VerifyCodeDialog.tsx';
import { afterLoginParams, afterLoginSearchSchema, afterLoginTarget } from '../lib/after-login.ts';
import { blankToUndefined, contractResolver, passwordsMatch, showServerFieldErrors } from '../lib/forms.ts';
import type { PasswordScore } from '../lib/password-strength.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { pushAlertAtom } from '../state/alerts.ts';
import { signInAtom } from '../state/session.ts';
import classes from './-account.module.css';

export const Route = createFileRoute('/registration')({
  validateSearch: afterLoginSearchSchema,
  component: RegistrationPage,
});

interface RegistrationForm {
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  phone: string;
  password: string;
  confirm_password: string;
  terms: boolean;
  newsletter: boolean;
  /** seeds 001 §4: the strength score is kept in the form (not sent). */
  password_score: PasswordScore;
}

const fields = [
  'first_name',
  'last_name',
  'email',
  'country_code',
  'phone',
  'password',
  'confirm_password',
  'terms',
  'newsletter',
] as const;

/** The form's values as the register action's input: the score stays here, an empty phone is absent. */
const toRegisterInput = ({ password_score: _score, phone, ...rest }: RegistrationForm) => ({
  ...rest,
  phone: blankToUndefined(phone),
});

function RegistrationPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const [verifyFor, setVerifyFor] = useState<string | null>(null);
  useDocumentMeta({ title: 'Register | Fine Wine Auction' });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationForm, unknown, z.output<typeof RegisterInput>>({
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      // seeds 001 §5: the default country code is +1.
      country_code: '+1',
      phone: '',
      password: '',
      confirm_password: '',
      terms: false,
      newsletter: false,
      password_score: 0,
    },
    resolver: contractResolver(RegisterInput, toRegisterInput, passwordsMatch),
  });
  const [password, firstName, lastName, email] = watch(['password', 'first_name', 'last_name', 'email']);
  const keepScore = useCallback((score: PasswordScore) => setValue('password_score', score), [setValue]);

  const onValid = async (input: z.output<typeof RegisterInput>) => {
    try {
      const result = await call('register', input);
      // seeds: after registering the user is signed in (for this tab, as without "Remember me").
      signIn(result, { remember: false, registered: true });
      setVerifyFor(result.user.email);
    } catch (error) {
      showServerFieldErrors<RegistrationForm>(error, fields, setError);
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };

  const finish = () => {
    setVerifyFor(null);
    void navigate({ href: afterLoginTarget(search), replace: true });
  };

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.wide}>
        <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="register-title">
          <Stack gap="md">
            <Title order={1} id="register-title" fz={32}>
              Create your account
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="First name"
                  autoComplete="given-name"
                  required
                  error={errors.first_name?.message}
                  {...register('first_name')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Last name"
                  autoComplete="family-name"
                  required
                  error={errors.last_name?.message}
                  {...register('last_name')}
                />
              </Grid.Col>
            </Grid>
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label="Code"
                w={80}
                autoComplete="tel-country-code"
                error={errors.country_code?.message}
                {...register('country_code')}
              />
              <TextInput
                label="Phone (optional)"
                type="tel"
                autoComplete="tel-national"
                placeholder="10 digits"
                style={{ flex: 1 }}
                error={errors.phone?.message}
                {...register('phone')}
              />
            </Group>
            <Stack gap={6}>
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                required
                error={errors.password?.message}
                {...register('password')}
              />
              <PasswordStrength
                password={password}
                userInputs={[firstName, lastName, email]}
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
            <Checkbox
              label={
                <>
                  I accept the{' '}
                  <Anchor href="/terms-conditions" target="_blank" inherit>
                    terms and conditions
                  </Anchor>
                </>
              }
              error={errors.terms?.message}
              {...register('terms')}
            />
            <Checkbox label="Send me the newsletter" {...register('newsletter')} />
            <Button type="submit" loading={isSubmitting} fullWidth>
              Register
            </Button>
            <Text size="sm" ta="center">
              Already have an account?{' '}
              <AnchorLink to="/login" search={afterLoginParams(search)}>
                Sign in
              </AnchorLink>
            </Text>
          </Stack>
        </form>
      </Paper>
      <VerifyCodeDialog opened={verifyFor !== null} channel="email" to={verifyFor ?? ''} onClose={finish} />
    </Container>
  );
}

import {
  Anchor,
  Button,
  Checkbox,
  Container,
  Grid,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { type ExtraField, extraFieldsSchema, RegisterInput } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { call, errorMessage } from '../api/client.ts';
import { AnchorLink } from '../components/AnchorLink.tsx';
import { PasswordStrength } from '../components/PasswordStrength/PasswordStrength.tsx';
import { VerifyCodeDialog } from '../components/VerifyCodeDialog/VerifyCodeDialog.tsx';
import { afterLoginParams, afterLoginSearchSchema, afterLoginTarget } from '../lib/after-login.ts';
import { activeExtraFields, type ExtraAnswers, extraDefaults, extraInput } from '../lib/extra-fields.ts';
import { blankToUndefined, contractResolver, passwordsMatch, showServerFieldErrors } from '../lib/forms.ts';
import type { PasswordScore } from '../lib/password-strength.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { pushAlertAtom } from '../state/alerts.ts';
import { signInAtom } from '../state/session.ts';
import classes from './-account.module.css';

export const Route = createFileRoute('/registration')({
  validateSearch: afterLoginSearchSchema,
  // seeds 001 §3/§5: the merchant's extra questions. Without them (the call failed) the form still
  // works with its fixed fields.
  loader: async (): Promise<ExtraField[]> => {
    try {
      return activeExtraFields((await call('registrationFields', {})).fields);
    } catch {
      return [];
    }
  },
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
  /** The answers to the extra questions, by field name. */
  extra: ExtraAnswers;
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

/**
 * The form's values as the register action's input: the score stays here, an empty phone is absent,
 * and so is an empty optional answer to an extra question.
 */
const toRegisterInput =
  (extraFields: readonly ExtraField[]) =>
  ({ password_score: _score, phone, extra, ...rest }: RegistrationForm) => ({
    ...rest,
    phone: blankToUndefined(phone),
    extra: extraInput(extraFields, extra),
  });

/** The register action's input, checking the answers against the extra questions the server asked. */
const registerSchemaFor = (extraFields: readonly ExtraField[]) =>
  RegisterInput.safeExtend({ extra: extraFieldsSchema(extraFields).default({}) });

function RegistrationPage() {
  const search = Route.useSearch();
  const extraFields = Route.useLoaderData();
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const [verifyFor, setVerifyFor] = useState<string | null>(null);
  useDocumentMeta({ title: 'Register | Fine Wine Auction' });
  const resolver = useMemo(
    () => contractResolver(registerSchemaFor(extraFields), toRegisterInput(extraFields), passwordsMatch),
    [extraFields],
  );
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    control,
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
      extra: extraDefaults(extraFields),
    },
    resolver,
  });
  const [password, firstName, lastName, email] = watch(['password', 'first_name', 'last_name', 'email']);
  const keepScore = useCallback((score: PasswordScore) => setValue('password_score', score), [setValue]);

  const onValid = async ({ extra, ...fixed }: z.output<typeof RegisterInput>) => {
    try {
      // Nothing answered (or nothing asked): the input is the fixed fields alone.
      const result = await call('register', Object.keys(extra).length > 0 ? { ...fixed, extra } : fixed);
      // seeds: after registering the user is signed in (for this tab, as without "Remember me").
      signIn(result, { remember: false, registered: true });
      setVerifyFor(result.user.email);
    } catch (error) {
      showServerFieldErrors<RegistrationForm>(
        error,
        [...fields, ...extraFields.map((field) => `extra.${field.name}` as const)],
        setError,
      );
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
            {extraFields.length > 0 ? (
              <Stack gap="sm" component="section" aria-labelledby="register-extra-title">
                <Title order={2} id="register-extra-title" fz="lg">
                  A little more about you
                </Title>
                {extraFields.map((field) => (
                  <ExtraFieldInput
                    key={field.name}
                    field={field}
                    register={register}
                    control={control}
                    errors={errors}
                  />
                ))}
              </Stack>
            ) : null}
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

interface ExtraFieldInputProps {
  field: ExtraField;
  register: UseFormRegister<RegistrationForm>;
  control: Control<RegistrationForm, unknown, z.output<typeof RegisterInput>>;
  errors: FieldErrors<RegistrationForm>;
}

/** One extra question, as its type asks (seeds 001 §3 "Dynamic form field"); required ones are marked. */
function ExtraFieldInput({ field, register, control, errors }: ExtraFieldInputProps) {
  const name = `extra.${field.name}` as const;
  const error = errors.extra?.[field.name]?.message;
  switch (field.type) {
    case 'text':
      return <TextInput label={field.label} required={field.required} error={error} {...register(name)} />;
    case 'float':
      // seeds 001 §5: digits, one dot, digits (the contract says 'invalid decimal' otherwise).
      return (
        <TextInput
          label={field.label}
          inputMode="decimal"
          required={field.required}
          error={error}
          {...register(name)}
        />
      );
    case 'checkbox':
      return <Checkbox label={field.label} required={field.required} error={error} {...register(name)} />;
    case 'select':
      return (
        <NativeSelect
          label={field.label}
          required={field.required}
          error={error}
          data={[{ value: '', label: 'Choose one' }, ...(field.options ?? [])]}
          {...register(name)}
        />
      );
    case 'multiselect':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field: { value, onChange, onBlur } }) => (
            <Checkbox.Group
              label={field.label}
              withAsterisk={field.required}
              error={error}
              value={Array.isArray(value) ? value : []}
              onChange={onChange}
            >
              <Group gap="md" mt={6}>
                {(field.options ?? []).map((option) => (
                  <Checkbox key={option} value={option} label={option} onBlur={onBlur} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
      );
  }
}

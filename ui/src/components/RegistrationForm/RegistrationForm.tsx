import { Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type ExtraField,
  extraFieldsSchema,
  type InviteDetails,
  RegisterInput,
  type RegisterResult,
} from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { type ReactNode, useCallback, useMemo } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call, errorMessage } from '../../api/client.ts';
import type { AfterLoginSearch } from '../../lib/after-login.ts';
import { type ExtraAnswers, extraDefaults, extraFieldLabel, extraInput } from '../../lib/extra-fields.ts';
import {
  blankToUndefined,
  contractResolver,
  passwordsMatch,
  showServerFieldErrors,
} from '../../lib/forms.ts';
import { colourLabel } from '../../lib/lot.ts';
import type { PasswordScore } from '../../lib/password-strength.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { NameFields } from '../NameFields/NameFields.tsx';
import { PasswordFields } from '../PasswordFields/PasswordFields.tsx';

interface RegistrationFormValues {
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
 * and so is an empty optional answer to an extra question; an invitation's token goes along.
 */
const toRegisterInput =
  (extraFields: readonly ExtraField[], inviteToken: string | undefined) =>
  ({ password_score: _score, phone, extra, ...rest }: RegistrationFormValues) => ({
    ...rest,
    phone: blankToUndefined(phone),
    extra: extraInput(extraFields, extra),
    invite_token: inviteToken,
  });

/** The register action's input, checking the answers against the extra questions the server asked. */
const registerSchemaFor = (extraFields: readonly ExtraField[]) =>
  RegisterInput.safeExtend({ extra: extraFieldsSchema(extraFields).default({}) });

/** An invitation (seeds 001 §2): its token is sent with the registration, its details prefill the form. */
export interface RegistrationInvite {
  token: string;
  details: InviteDetails;
}

export interface RegistrationFormProps {
  /** The form's heading (it names the form). */
  title: ReactNode;
  /** The merchant's extra questions (seeds 001 §3), active ones only. */
  extraFields: readonly ExtraField[];
  /** From an invitation link: the names and e-mail are prefilled, the e-mail cannot be changed. */
  invite?: RegistrationInvite;
  /** Passed along to the "Sign in" link (?pid=, ?referer=). */
  signInSearch?: AfterLoginSearch;
  /** register answered: the page signs the user in and goes on. */
  onRegistered: (result: RegisterResult) => void;
}

/** seeds 001 §5 "Registration": the fixed fields, the extra questions, the terms; sends register. */
export function RegistrationForm({
  title,
  extraFields,
  invite,
  signInSearch,
  onRegistered,
}: RegistrationFormProps) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const inviteToken = invite?.token;
  const resolver = useMemo(
    () =>
      contractResolver(
        registerSchemaFor(extraFields),
        toRegisterInput(extraFields, inviteToken),
        passwordsMatch,
      ),
    [extraFields, inviteToken],
  );
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationFormValues, unknown, z.output<typeof RegisterInput>>({
    defaultValues: {
      first_name: invite?.details.first_name ?? '',
      last_name: invite?.details.last_name ?? '',
      email: invite?.details.email ?? '',
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
      onRegistered(await call('register', Object.keys(extra).length > 0 ? { ...fixed, extra } : fixed));
    } catch (error) {
      showServerFieldErrors<RegistrationFormValues>(
        error,
        [...fields, ...extraFields.map((field) => `extra.${field.name}` as const)],
        setError,
      );
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="register-title">
      <Stack gap="md">
        <Title order={1} id="register-title" fz={32}>
          {title}
        </Title>
        <NameFields register={register} errors={errors} />
        <TextInput
          label={t('ui.common.email')}
          type="email"
          autoComplete="email"
          required
          readOnly={invite !== undefined}
          description={invite ? t('ui.registration.invitedAt') : undefined}
          error={errors.email?.message}
          {...register('email')}
        />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('ui.registration.countryCode')}
            w={80}
            autoComplete="tel-country-code"
            error={errors.country_code?.message}
            {...register('country_code')}
          />
          <TextInput
            label={t('ui.registration.phoneOptional')}
            type="tel"
            autoComplete="tel-national"
            placeholder={t('ui.common.tenDigits')}
            style={{ flex: 1 }}
            error={errors.phone?.message}
            {...register('phone')}
          />
        </Group>
        <PasswordFields
          register={register}
          errors={errors}
          password={password}
          userInputs={[firstName, lastName, email]}
          onScore={keepScore}
          label="password"
        />
        {extraFields.length > 0 ? (
          <Stack gap="sm" component="section" aria-labelledby="register-extra-title">
            <Title order={2} id="register-extra-title" fz="lg">
              {t('ui.registration.moreAboutYou')}
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
            <Trans
              i18nKey="ui.registration.acceptTerms"
              components={{ terms: <Anchor href="/terms-conditions" target="_blank" inherit /> }}
            />
          }
          error={errors.terms?.message}
          {...register('terms')}
        />
        <Checkbox label={t('ui.registration.newsletter')} {...register('newsletter')} />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('ui.registration.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('ui.registration.haveAccount')}{' '}
          <AnchorLink to="/login" search={signInSearch ?? {}}>
            {t('ui.registration.signIn')}
          </AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}

interface ExtraFieldInputProps {
  field: ExtraField;
  register: UseFormRegister<RegistrationFormValues>;
  control: Control<RegistrationFormValues, unknown, z.output<typeof RegisterInput>>;
  errors: FieldErrors<RegistrationFormValues>;
}

/** One extra question, as its type asks (seeds 001 §3 "Dynamic form field"); required ones are marked. */
function ExtraFieldInput({ field, register, control, errors }: ExtraFieldInputProps) {
  const { t } = useTranslation();
  const name = `extra.${field.name}` as const;
  const error = errors.extra?.[field.name]?.message;
  const label = extraFieldLabel(field);
  switch (field.type) {
    case 'text':
      return <TextInput label={label} required={field.required} error={error} {...register(name)} />;
    case 'float':
      // seeds 001 §5: digits, one dot, digits (the contract says 'invalid decimal' otherwise).
      return (
        <TextInput
          label={label}
          inputMode="decimal"
          required={field.required}
          error={error}
          {...register(name)}
        />
      );
    case 'checkbox':
      return <Checkbox label={label} required={field.required} error={error} {...register(name)} />;
    case 'select':
      return (
        <NativeSelect
          label={label}
          required={field.required}
          error={error}
          data={[{ value: '', label: t('ui.registration.chooseOne') }, ...(field.options ?? [])]}
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
              label={label}
              withAsterisk={field.required}
              error={error}
              value={Array.isArray(value) ? value : []}
              onChange={onChange}
            >
              <Group gap="md" mt={6}>
                {(field.options ?? []).map((option) => (
                  <Checkbox key={option} value={option} label={colourLabel(option)} onBlur={onBlur} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
      );
  }
}

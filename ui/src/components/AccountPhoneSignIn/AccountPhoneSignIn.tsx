import { Button, Checkbox, Group, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { accountMessages, type LoginResult, SendPhoneLoginCodeInput } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { formatPhone } from '../../lib/format.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';

/** seeds 001 §9: the OTP is 6 digits. */
const CODE_LENGTH = 6;

type PhoneNumber = z.output<typeof SendPhoneLoginCodeInput>;

interface PhoneFormValues {
  country_code: string;
  phone: string;
}

export interface AccountPhoneSignInProps {
  /** The session the code opened, and whether to keep it past this tab (as the password form's "Remember me"). */
  onSignedIn: (session: LoginResult, options: { remember: boolean }) => void | Promise<void>;
  /** Back to the e-mail and password form. */
  onBack: () => void;
}

/**
 * 'Sign in with a phone code' (seeds 001 §7 sendPhoneLoginCode, issue 38 §3): the number, then the
 * 6-digit code texted to it. The server answers the same whether or not the number has an account,
 * so this says "if" too; a wrong code and a number without an account read alike.
 */
export function AccountPhoneSignIn({ onSignedIn, onBack }: AccountPhoneSignInProps) {
  const { t } = useTranslation();
  const [number, setNumber] = useState<PhoneNumber | null>(null);
  const [remember, setRemember] = useState(false);
  return (
    <Stack gap="md">
      <Title order={1} id="phone-login-title" fz={32}>
        {t('ui.accountExtras.phoneSignIn.title')}
      </Title>
      {number ? (
        <CodeStep
          number={number}
          remember={remember}
          onSignedIn={onSignedIn}
          onOther={() => setNumber(null)}
        />
      ) : (
        <NumberStep onSent={setNumber} />
      )}
      <Checkbox
        label={t('ui.login.remember')}
        checked={remember}
        onChange={(event) => setRemember(event.currentTarget.checked)}
      />
      <Button variant="subtle" onClick={onBack}>
        {t('ui.accountExtras.phoneSignIn.backToPassword')}
      </Button>
    </Stack>
  );
}

/** Asks for a code; the server's words (the same for every number) are the alert. */
async function askForCode(number: PhoneNumber): Promise<string> {
  const { message } = await callForMessage('sendPhoneLoginCode', number);
  return messageOr(message, accountMessages.phoneCodeSent);
}

function NumberStep({ onSent }: { onSent: (number: PhoneNumber) => void }) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PhoneFormValues, unknown, PhoneNumber>({
    // seeds 001 §5: the default country code is +1.
    defaultValues: { country_code: '+1', phone: '' },
    resolver: contractResolver(SendPhoneLoginCodeInput, (values: PhoneFormValues) => values),
  });
  const onValid = async (input: PhoneNumber) => {
    try {
      pushAlert({ msg: await askForCode(input), type: 'success' });
      onSent(input);
    } catch (error) {
      showServerFieldErrors<PhoneFormValues>(error, ['country_code', 'phone'], setError);
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="phone-login-title">
      <Stack gap="md">
        <Text>{t('ui.accountExtras.phoneSignIn.intro')}</Text>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('ui.accountExtras.phoneSignIn.countryCode')}
            w={110}
            autoComplete="tel-country-code"
            error={errors.country_code?.message}
            {...register('country_code')}
          />
          <TextInput
            label={t('ui.accountExtras.phoneSignIn.phone')}
            type="tel"
            autoComplete="tel-national"
            placeholder={t('ui.common.tenDigits')}
            required
            style={{ flex: 1 }}
            error={errors.phone?.message}
            {...register('phone')}
          />
        </Group>
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('ui.accountExtras.phoneSignIn.send')}
        </Button>
      </Stack>
    </form>
  );
}

interface CodeStepProps {
  number: PhoneNumber;
  remember: boolean;
  onSignedIn: AccountPhoneSignInProps['onSignedIn'];
  onOther: () => void;
}

function CodeStep({ number, remember, onSignedIn, onOther }: CodeStepProps) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);

  const verify = async (value: string) => {
    if (value.length !== CODE_LENGTH || busy) return;
    setBusy('verify');
    setError(null);
    try {
      const session = await call('verifyPhoneLoginCode', { ...number, code: value });
      await onSignedIn(session, { remember });
    } catch (e) {
      setError(errorMessage(e));
      setCode('');
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    setError(null);
    try {
      pushAlert({ msg: await askForCode(number), type: 'success' });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void verify(code);
      }}
      aria-labelledby="phone-login-title"
    >
      <Stack gap="md">
        <Text data-testid="phone-login-sent">
          {t('ui.accountExtras.phoneSignIn.sentTo', { to: formatPhone(number.country_code, number.phone) })}
        </Text>
        <PinInput
          length={CODE_LENGTH}
          type="number"
          oneTimeCode
          inputMode="numeric"
          value={code}
          onChange={setCode}
          onComplete={(value) => void verify(value)}
          error={Boolean(error)}
          ariaLabel={t('ui.accountExtras.phoneSignIn.code')}
          data-testid="phone-login-code"
        />
        {error ? (
          <Text size="sm" c="red.8" role="alert" data-testid="phone-login-error">
            {error}
          </Text>
        ) : null}
        <Button type="submit" loading={busy === 'verify'} disabled={code.length !== CODE_LENGTH} fullWidth>
          {t('ui.accountExtras.phoneSignIn.signIn')}
        </Button>
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => void resend()} loading={busy === 'resend'}>
            {t('ui.accountExtras.phoneSignIn.resend')}
          </Button>
          <Button variant="subtle" onClick={onOther}>
            {t('ui.accountExtras.phoneSignIn.otherNumber')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

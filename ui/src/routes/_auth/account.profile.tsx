import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { UpdateProfileInput, type UserRecord } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { fieldCheckText, useFieldCheck } from '../../components/AccountFieldCheck/AccountFieldCheck.tsx';
import { AccountProtectedDetails } from '../../components/AccountProtectedDetails/AccountProtectedDetails.tsx';
import { AccountSettings } from '../../components/AccountSettings/AccountSettings.tsx';
import { NameFields } from '../../components/NameFields/NameFields.tsx';
import { PaymentCards } from '../../components/PaymentCards/PaymentCards.tsx';
import { type VerifyChannel, VerifyCodeDialog } from '../../components/VerifyCodeDialog/VerifyCodeDialog.tsx';
import { formatPhone } from '../../lib/format.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom, setCurrentUserAtom } from '../../state/session.ts';

export const Route = createFileRoute('/_auth/account/profile')({ component: ProfilePage });

function ProfilePage() {
  const user = useAtomValue(currentUserAtom);
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.accountPages.myAccount')) });
  // The protected layout renders this only for a validated user.
  if (!user) return null;
  return (
    <AccountSettings title={t('ui.accountPages.myAccount')}>
      <Stack gap="lg">
        <AccountDetails user={user} />
        {/* A saved profile is a new starting point for the form. */}
        <ProfileForm key={`${user.first_name}\n${user.last_name}\n${user.phone ?? ''}`} user={user} />
        <AccountProtectedDetails user={user} />
        <PaymentCards />
      </Stack>
    </AccountSettings>
  );
}

function AccountDetails({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const [verifying, setVerifying] = useState<VerifyChannel | null>(null);
  const phone = user.phone ? formatPhone(user.country_code, user.phone) : null;
  const close = () => setVerifying(null);
  return (
    <Card component="section" aria-labelledby="details-title">
      <Title order={2} fz={24} id="details-title" mb="sm">
        {user.first_name} {user.last_name}
      </Title>
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Text>
            <Text span c="dimmed">
              {t('ui.profile.emailLabel')}{' '}
            </Text>
            <span data-testid="profile-email">{user.email}</span>
          </Text>
          <VerifiedBadge verified={user.email_verified} testId="email-status" />
          {user.email_verified ? null : (
            <Button size="compact-sm" variant="light" onClick={() => setVerifying('email')}>
              {t('ui.profile.verifyEmail')}
            </Button>
          )}
        </Group>
        <Group gap="sm" wrap="wrap">
          <Text>
            <Text span c="dimmed">
              {t('ui.profile.phoneLabel')}{' '}
            </Text>
            <span data-testid="profile-phone">{phone ?? t('ui.profile.noPhone')}</span>
          </Text>
          {/* Only a number on file can be verified: the code goes to it by text message. */}
          {phone ? <VerifiedBadge verified={user.phone_verified} testId="phone-status" /> : null}
          {phone && !user.phone_verified ? (
            <Button size="compact-sm" variant="light" onClick={() => setVerifying('phone')}>
              {t('ui.profile.verifyPhone')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <VerifyCodeDialog
        opened={verifying === 'email'}
        channel="email"
        to={user.email}
        onClose={close}
        sendOnOpen
      />
      <VerifyCodeDialog
        opened={verifying === 'phone'}
        channel="phone"
        to={phone ?? ''}
        onClose={close}
        sendOnOpen
      />
    </Card>
  );
}

function VerifiedBadge({ verified, testId }: { verified: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={verified ? 'green' : 'orange'} variant="light" data-testid={testId}>
      {verified ? t('ui.common.verified') : t('ui.common.unverified')}
    </Badge>
  );
}

interface ProfileFormValues {
  first_name: string;
  last_name: string;
  phone: string;
}

const toProfileInput = ({ first_name, last_name, phone }: ProfileFormValues) => ({
  first_name,
  last_name,
  // An empty field removes the number.
  phone: phone.trim() ? phone : null,
});

function ProfileForm({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const setUser = useSetAtom(setCurrentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormValues, unknown, z.output<typeof UpdateProfileInput>>({
    defaultValues: { first_name: user.first_name, last_name: user.last_name, phone: user.phone ?? '' },
    resolver: contractResolver(UpdateProfileInput, toProfileInput),
  });

  // Issue 38 §3 checkValidation: as the number is typed, whether it is the user's own (and verified).
  const typedPhone = watch('phone').trim();
  const phoneCheck = fieldCheckText(
    useFieldCheck(typedPhone ? { phone: typedPhone, country_code: user.country_code } : null),
  );

  const onValid = async (input: z.output<typeof UpdateProfileInput>) => {
    try {
      const { responseData, message } = await callForMessage('updateProfile', input);
      setUser(responseData);
      pushAlert({ msg: messageOr(message, t('ui.profile.updated')), type: 'success' });
    } catch (error) {
      showServerFieldErrors<ProfileFormValues>(error, ['first_name', 'last_name', 'phone'], setError);
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };

  return (
    <Card component="section" aria-labelledby="edit-title">
      <Title order={2} fz={24} id="edit-title" mb="sm">
        {t('ui.profile.profile')}
      </Title>
      <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="edit-title">
        <Stack gap="md">
          <NameFields register={register} errors={errors} />
          <TextInput
            label={t('ui.common.phone')}
            type="tel"
            autoComplete="tel-national"
            placeholder={t('ui.common.tenDigits')}
            leftSection={<Text size="sm">{user.country_code}</Text>}
            leftSectionWidth={48}
            description={errors.phone ? undefined : phoneCheck}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t('ui.common.saveChanges')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

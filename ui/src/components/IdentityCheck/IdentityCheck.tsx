import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  type MantineColor,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { RunKycCheckInput, type UserRecord } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { setCurrentUserAtom } from '../../state/session.ts';
import { DateField } from '../FormFields/DateField.tsx';

type KycStatus = UserRecord['kyc_status'];

/** The identity check's outcome in words (their keys), with what it means for the user. */
const kycStatuses = {
  none: { label: 'ui.kyc.none', color: 'gray', explanation: 'ui.kyc.noneExplained' },
  approved: { label: 'ui.kyc.approved', color: 'green', explanation: 'ui.kyc.approvedExplained' },
  review: { label: 'ui.kyc.review', color: 'yellow', explanation: 'ui.kyc.reviewExplained' },
  rejected: { label: 'ui.kyc.rejected', color: 'red', explanation: 'ui.kyc.rejectedExplained' },
} as const satisfies Record<KycStatus, { label: string; color: MantineColor; explanation: string }>;

/** The identity check's status in words ('Not checked', 'Approved', 'Under review', 'Not approved'). */
export const kycStatusLabel = (status: KycStatus): string => t(kycStatuses[status].label);

type KycInput = z.output<typeof RunKycCheckInput>;

interface KycFormValues {
  date_of_birth: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
}

const kycFields = ['date_of_birth', 'address1', 'city', 'state', 'zip'] as const;

/**
 * 'Identity check' (seeds 001 §7 runKycCheck): the status, and the form that sends the date of birth
 * and the address to the identity provider (the server keeps only the outcome). Once approved there is
 * nothing more to send.
 */
export function IdentityCheck({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const status = kycStatuses[user.kyc_status];
  return (
    <Card component="section" aria-labelledby="kyc-title" data-testid="identity-check">
      <Group gap="sm" mb="xs" wrap="wrap">
        <Title order={2} fz={24} id="kyc-title">
          {t('ui.kyc.title')}
        </Title>
        <Badge color={status.color} variant="light" data-testid="kyc-status">
          {t(status.label)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t(status.explanation)}
      </Text>
      {user.kyc_status === 'approved' ? null : <KycForm />}
    </Card>
  );
}

function KycForm() {
  const { t } = useTranslation();
  const setUser = useSetAtom(setCurrentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<KycFormValues, unknown, KycInput>({
    defaultValues: { date_of_birth: '', address1: '', city: '', state: '', zip: '' },
    resolver: contractResolver(RunKycCheckInput, (values: KycFormValues) => values),
  });

  const onValid = async (input: KycInput) => {
    try {
      const { responseData, message } = await callForMessage('runKycCheck', input);
      setUser(responseData);
      pushAlert({
        msg: messageOr(message, t('ui.kyc.result', { status: kycStatusLabel(responseData.kyc_status) })),
        type: responseData.kyc_status === 'rejected' ? 'error' : 'success',
      });
    } catch (error) {
      // Under 21 the server names the date of birth: the message goes under that field.
      if (!showServerFieldErrors<KycFormValues>(error, kycFields, setError)) {
        pushAlert({ msg: errorMessage(error), type: 'error' });
      }
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="kyc-title">
      <Stack gap="md">
        <DateField
          label={t('ui.kyc.dateOfBirth')}
          autoComplete="bday"
          required
          maw={220}
          error={errors.date_of_birth?.message}
          {...register('date_of_birth')}
        />
        <TextInput
          label={t('ui.kyc.street')}
          autoComplete="address-line1"
          required
          error={errors.address1?.message}
          {...register('address1')}
        />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('ui.common.city')}
              autoComplete="address-level2"
              required
              error={errors.city?.message}
              {...register('city')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t('ui.common.state')}
              autoComplete="address-level1"
              maxLength={50}
              required
              error={errors.state?.message}
              {...register('state')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t('ui.common.zip')}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={10}
              required
              error={errors.zip?.message}
              {...register('zip')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {t('ui.kyc.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

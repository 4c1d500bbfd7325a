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
import type { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { setCurrentUserAtom } from '../../state/session.ts';

type KycStatus = UserRecord['kyc_status'];

/** The identity check's outcome in words, with what it means for the user. */
const kycStatuses: Record<KycStatus, { label: string; color: MantineColor; explanation: string }> = {
  none: {
    label: 'Not checked',
    color: 'gray',
    explanation: 'Confirm who you are to bid or buy wine. You must be 21 or older.',
  },
  approved: { label: 'Approved', color: 'green', explanation: 'Your identity is confirmed.' },
  review: {
    label: 'Under review',
    color: 'yellow',
    explanation: 'We are looking at your details and will let you know.',
  },
  rejected: {
    label: 'Not approved',
    color: 'red',
    explanation: 'We could not confirm your identity. Check your details and try again.',
  },
};

/** The identity check's status in words ('Not checked', 'Approved', 'Under review', 'Not approved'). */
export const kycStatusLabel = (status: KycStatus): string => kycStatuses[status].label;

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
  const status = kycStatuses[user.kyc_status];
  return (
    <Card component="section" aria-labelledby="kyc-title" data-testid="identity-check">
      <Group gap="sm" mb="xs" wrap="wrap">
        <Title order={2} fz={24} id="kyc-title">
          Identity check
        </Title>
        <Badge color={status.color} variant="light" data-testid="kyc-status">
          {status.label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {status.explanation}
      </Text>
      {user.kyc_status === 'approved' ? null : <KycForm />}
    </Card>
  );
}

function KycForm() {
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
        msg: messageOr(message, `Identity check: ${kycStatusLabel(responseData.kyc_status)}`),
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
        <TextInput
          label="Date of birth"
          type="date"
          autoComplete="bday"
          required
          maw={220}
          error={errors.date_of_birth?.message}
          {...register('date_of_birth')}
        />
        <TextInput
          label="Street address"
          autoComplete="address-line1"
          required
          error={errors.address1?.message}
          {...register('address1')}
        />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="City"
              autoComplete="address-level2"
              required
              error={errors.city?.message}
              {...register('city')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label="State"
              autoComplete="address-level1"
              maxLength={50}
              required
              error={errors.state?.message}
              {...register('state')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label="ZIP code"
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
            Check my identity
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Card, Group, PasswordInput, Stack, Table, Text, Title } from '@mantine/core';
import { type DecryptedProfile, type KycProfileRecord, LoginInput, type UserRecord } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, call, errorMessage } from '../../api/client.ts';
import { contractResolver } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { renewSessionAtom } from '../../state/session.ts';
import {
  AccountIdentityDetails,
  documentName,
  useCountryNames,
} from '../AccountIdentityDetails/AccountIdentityDetails.tsx';
import { FormDialog } from '../FormDialog/FormDialog.tsx';

/**
 * 'Identity details' on the profile (seeds 001 §7 updateProfileKYC and decryptProfile, issue 38 §3):
 * the details sealed on the server, hidden until the user asks to see them. The server shows them only
 * in a session signed in within the last minutes: an older one confirms the password first (a new
 * sign-in, which this session carries on with), then they show. The phone and the address that
 * decryptProfile also answers are on the profile and address pages already, so they are not repeated.
 */
export function AccountProtectedDetails({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const countryName = useCountryNames();
  const [shown, setShown] = useState<DecryptedProfile | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);

  const show = async () => {
    setBusy(true);
    try {
      setShown(await call('decryptProfile', {}));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SESSION_NOT_FRESH') setConfirming(true);
      else pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const hidden = t('ui.accountExtras.protected.hidden');
  const notGiven = t('ui.accountExtras.protected.notGiven');
  const kyc = shown?.kyc ?? null;
  const kycValue = (value: (details: KycProfileRecord) => string | null) =>
    shown ? (kyc && value(kyc)) || notGiven : user.kyc_profile_saved ? hidden : notGiven;
  const rows: { label: string; value: string; testId: string }[] = [
    {
      label: t('ui.accountExtras.protected.dateOfBirth'),
      testId: 'protected-birth',
      value: kycValue((d) => d.date_of_birth),
    },
    {
      label: t('ui.accountExtras.protected.nationality'),
      testId: 'protected-nationality',
      value: kycValue((d) => countryName(d.nationality)),
    },
    {
      label: t('ui.accountExtras.protected.idDocument'),
      testId: 'protected-document',
      value: kycValue((d) =>
        d.id_type && d.id_last4
          ? t('ui.accountExtras.protected.idValue', { type: documentName(d.id_type), last4: d.id_last4 })
          : null,
      ),
    },
  ];

  return (
    <Card component="section" aria-labelledby="protected-title" data-testid="protected-details">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz={24} id="protected-title">
          {t('ui.accountExtras.protected.title')}
        </Title>
        {shown ? (
          <Button variant="light" onClick={() => setShown(null)}>
            {t('ui.accountExtras.protected.hide')}
          </Button>
        ) : (
          <Button variant="light" onClick={() => void show()} loading={busy}>
            {t('ui.accountExtras.protected.show')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('ui.accountExtras.protected.intro')}
      </Text>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.testId}>
              <Table.Th w={{ base: 140, sm: 200 }}>{row.label}</Table.Th>
              <Table.Td data-testid={row.testId} style={{ overflowWrap: 'anywhere' }}>
                {row.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setEditing(true)}>
          {t(user.kyc_profile_saved ? 'ui.accountExtras.kyc.edit' : 'ui.accountExtras.kyc.add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {t('ui.accountExtras.kyc.intro')}
      </Text>
      {confirming ? (
        <ConfirmPassword
          email={user.email}
          onClose={() => setConfirming(false)}
          onConfirmed={async () => setShown(await call('decryptProfile', {}))}
        />
      ) : null}
      {editing ? (
        <AccountIdentityDetails
          kept={kyc}
          onClose={() => setEditing(false)}
          onSaved={(details) => setShown((current) => (current ? { ...current, kyc: details } : current))}
        />
      ) : null}
    </Card>
  );
}

const PasswordOnly = LoginInput.pick({ password: true });

interface ConfirmPasswordProps {
  email: string;
  onClose: () => void;
  /** Runs once the new sign-in is this tab's session. */
  onConfirmed: () => Promise<void>;
}

/** "Confirm it is you": the password signs in again, and this tab carries on with the fresh session. */
function ConfirmPassword({ email, onClose, onConfirmed }: ConfirmPasswordProps) {
  const { t } = useTranslation();
  const renewSession = useSetAtom(renewSessionAtom);
  const form = useForm<{ password: string }, unknown, { password: string }>({
    defaultValues: { password: '' },
    resolver: contractResolver(PasswordOnly, (values: { password: string }) => values),
  });
  return (
    <FormDialog
      title={t('ui.accountExtras.protected.confirmTitle')}
      submitLabel={t('ui.accountExtras.protected.confirm')}
      form={form}
      onClose={onClose}
      onSubmit={async ({ password }) => {
        renewSession(await call('login', { email, password }));
        await onConfirmed();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('ui.accountExtras.protected.confirmIntro')}</Text>
        <PasswordInput
          label={t('ui.common.password')}
          autoComplete="current-password"
          required
          data-autofocus
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
      </Stack>
    </FormDialog>
  );
}

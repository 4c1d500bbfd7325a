import { Alert, Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffUserDetail } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { refreshPeople } from './StaffUser.tsx';

/**
 * Issue 34 "People" (seeds 001 §7 updateUserAccountVerified): an admin who checked a user's documents
 * by hand records their identity as verified or not, with what was checked.
 */
export function IdentityCheck({ user, name }: { user: StaffUserDetail; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const record = async (verified: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await callForMessage('updateUserAccountVerified', {
        id: user.id,
        verified,
        reference: reference.trim(),
      });
      pushAlert({ msg: message, type: 'success' });
      setReference('');
      await refreshPeople(queryClient);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder component="section" aria-labelledby="identity-check-title" data-testid="identity-check">
      <Title order={2} fz={22} id="identity-check-title" mb={4}>
        {t('ui.staff.users.identityTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.staff.users.identityHint', { name })}
      </Text>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('ui.staff.users.identityReference')}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          maxLength={100}
          style={{ flex: '1 1 240px' }}
        />
        <Button loading={busy} disabled={!reference.trim()} onClick={() => void record(true)}>
          {t('ui.staff.users.identityVerify')}
        </Button>
        <Button
          variant="default"
          loading={busy}
          disabled={!reference.trim()}
          onClick={() => void record(false)}
        >
          {t('ui.staff.users.identityReject')}
        </Button>
      </Group>
      {failure ? (
        <Alert color="red" mt="sm" role="alert">
          {failure}
        </Alert>
      ) : null}
    </Card>
  );
}

import { Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffUserDetail } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { TextArea } from '../FormFields/TextArea.tsx';
import { refreshPeople } from './StaffUser.tsx';

/**
 * Issue 34 "People": a bidder's request for a higher bid limit, answered on their page: approved as
 * asked or at another amount (`approveBidLimitRequest`), or refused with a reason
 * (`refuseBidLimitRequest`); either way the bidder is mailed by the server.
 */
export function BidLimitRequest({ user, name }: { user: StaffUserDetail; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const asked = user.bidLimitRequested ?? 0;
  const [dollars, setDollars] = useState<number | string>(asked / 100);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const answer = async (send: () => Promise<{ message: string }>, done: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await send();
      pushAlert({ msg: messageOr(message, done), type: 'success' });
      await refreshPeople(queryClient);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const amount = Math.round(Number(dollars) * 100);
  return (
    <Card withBorder component="section" aria-labelledby="bid-limit-title" data-testid="bid-limit-request">
      <Title order={2} fz={22} id="bid-limit-title" mb={4}>
        {t('ui.staff.users.limitTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.staff.users.limitHint', {
          name,
          amount: formatMoney(asked),
          current: user.bidLimit === null ? t('ui.staff.users.noBidLimit') : formatMoney(user.bidLimit),
        })}
      </Text>
      <Stack gap="md">
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t('ui.staff.users.limitAmount')}
            value={dollars}
            onChange={setDollars}
            min={1}
            decimalScale={2}
            thousandSeparator=","
            w={200}
          />
          <Button
            loading={busy}
            disabled={!(amount >= 100)}
            onClick={() =>
              void answer(
                () => callForMessage('approveBidLimitRequest', { id: user.id, amount }),
                t('ui.staff.users.limitApproved', { amount: formatMoney(amount), name }),
              )
            }
          >
            {t('ui.staff.users.limitApprove')}
          </Button>
        </Group>
        <Group align="flex-end" gap="sm">
          <TextArea
            label={t('ui.staff.users.limitReason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            style={{ flex: '1 1 240px' }}
          />
          <Button
            variant="default"
            color="red"
            loading={busy}
            disabled={!reason.trim()}
            onClick={() =>
              void answer(
                () => callForMessage('refuseBidLimitRequest', { id: user.id, reason: reason.trim() }),
                t('ui.staff.users.limitRefused', { name }),
              )
            }
          >
            {t('ui.staff.users.limitRefuse')}
          </Button>
        </Group>
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage, onceKeys } from '../../api/client.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import { AgreementList } from './AgreementList.tsx';

const sellerAgreementsQuery = (sellerId: string) => ({
  queryKey: ['viewPandaDoc', { seller_id: sellerId }] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call('viewPandaDoc', { seller_id: sellerId }, { signal }),
});

/**
 * Issue 35 §4 on a seller's page (admins): the seller's consignment agreements and the button that
 * has the documents service make the house's agreement with their details and send it to them; sent
 * again after no answer, the same request makes one.
 */
export function StaffAgreements({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const agreements = useQuery(sellerAgreementsQuery(sellerId));
  const [keys] = useState(() => onceKeys());
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    const input = { seller_id: sellerId, lot_ids: [] };
    try {
      const { message } = await callForMessage('createPandaDocForSV', input, {
        commandId: keys.keyFor(input),
      });
      keys.settled(null);
      pushAlert({ msg: message, type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['viewPandaDoc'] });
    } catch (error) {
      keys.settled(error);
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="staff-agreements-title"
      data-testid="staff-agreements"
    >
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz={22} id="staff-agreements-title">
          {t('ui.agreements.staffTitle')}
        </Title>
        <Button size="xs" onClick={() => void send()} loading={sending} data-testid="agreement-send">
          {t('ui.agreements.send')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.agreements.staffIntro')}
      </Text>
      <QueryState query={agreements} label={t('ui.agreements.staffTitle')} error="alert">
        {(data) => (
          <AgreementList
            records={data.records}
            empty={t('ui.agreements.staffEmpty')}
            waiting={t('ui.agreements.staffWaiting')}
          />
        )}
      </QueryState>
    </Card>
  );
}

import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction, staffDepositsQuery } from '../../api/queries.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';

/**
 * Issue 34 "The day's work": the bid deposits held now (whose, how much, for which lot, since when),
 * each released after asking (`releaseDeposit`: back to the buyer's wallet; never one's own).
 */
export function StaffDeposits() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const deposits = useQuery(staffDepositsQuery());
  return (
    <Card withBorder component="section" aria-labelledby="staff-deposits" data-testid="staff-deposits">
      <Title order={2} fz={26} id="staff-deposits" mb="sm">
        {t('ui.staffMoney.depositsTitle')}
      </Title>
      <QueryState query={deposits} label={t('ui.staffMoney.loading')} error="alert">
        {(data) =>
          data.records.length === 0 ? (
            <Text c="dimmed">{t('ui.staffMoney.depositsEmpty')}</Text>
          ) : (
            <Stack gap="xs">
              {data.records.map((deposit) => {
                const amount = formatMoney(deposit.amount);
                const name = deposit.buyer_name;
                return (
                  <Group
                    key={`${deposit.user_id}:${deposit.id}`}
                    justify="space-between"
                    wrap="nowrap"
                    data-testid="staff-deposit"
                  >
                    <div>
                      <Text fw={600}>
                        {name} · {amount}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {deposit.lot_id
                          ? t('ui.staffMoney.depositLot', { lot: deposit.lot_id })
                          : t('ui.staffMoney.depositAnyLot')}{' '}
                        · {t('ui.staffMoney.depositSince', { date: formatDateTime(deposit.created_at) })}
                      </Text>
                    </div>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        confirmDialog({
                          title: t('ui.staffMoney.releaseTitle', { amount, name }),
                          children: <Text size="sm">{t('ui.staffMoney.releaseBody')}</Text>,
                          confirmLabel: t('ui.staffMoney.release'),
                          onConfirm: async () => {
                            const { message } = await callForMessage('releaseDeposit', {
                              deposit_id: deposit.id,
                              user_id: deposit.user_id,
                            });
                            pushAlert({
                              msg: messageOr(message, t('ui.staffMoney.released', { amount, name })),
                              type: 'success',
                            });
                            await invalidateAction(queryClient, 'staffDeposits');
                          },
                        })
                      }
                    >
                      {t('ui.staffMoney.release')}
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          )
        }
      </QueryState>
    </Card>
  );
}

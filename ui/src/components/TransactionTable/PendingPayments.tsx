import { Alert, List } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';

/**
 * Issue 35 §2 (getPendingTransaction): the buyer's payments still waiting, for them (the card issuer's
 * check they left) or for the card provider; nothing when none is.
 */
export function PendingPayments() {
  const { t } = useTranslation();
  const pending = useQuery({
    queryKey: ['getPendingTransaction', {}] as const,
    queryFn: ({ signal }) => call('getPendingTransaction', {}, { signal }),
  });
  const records = pending.data?.records ?? [];
  if (records.length === 0) return null;
  return (
    <Alert color="blue" title={t('ui.transactions.waitingTitle')} data-testid="pending-payments">
      <List size="sm">
        {records.map((r) => {
          const words = { amount: formatMoney(r.amount), invoice: r.invoice_number ?? r.invoice_id };
          return (
            <List.Item key={r.id}>
              {r.status === 'action_required'
                ? t('ui.transactions.waitingForYou', words)
                : t('ui.transactions.waitingForProvider', words)}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

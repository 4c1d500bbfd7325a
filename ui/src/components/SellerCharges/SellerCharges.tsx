import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { SellerStatement } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateAction } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { ChargeTable } from './ChargeTable.tsx';
import { PayChargesDialog } from './PayChargesDialog.tsx';

const HEADING = 'seller-charges-heading';

/**
 * Issue 38 §1 on the seller's (or vendor's) statement: what the house billed them (listing fees,
 * photography, storage, buy-backs), what they still owe, and "Pay these charges" (card, wallet credit
 * or offline). Shown only when the house has billed something.
 */
export function SellerCharges({
  statement,
}: {
  statement: Pick<SellerStatement, 'charges' | 'charges_due'>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [paying, setPaying] = useState(false);
  const { charges, charges_due: due } = statement;
  if (charges.length === 0) return null;
  return (
    <Card withBorder mb="lg" component="section" aria-labelledby={HEADING} data-testid="seller-charges">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="xs">
        <div>
          <Title order={3} fz="h4" id={HEADING}>
            {t('ui.sellerCharges.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ui.sellerCharges.intro')}
          </Text>
        </div>
        <Group gap="sm" align="center">
          <Text fw={700} data-testid="charges-due">
            {due > 0
              ? t('ui.sellerCharges.due', { amount: formatMoney(due) })
              : t('ui.sellerCharges.settled')}
          </Text>
          {due > 0 ? (
            <Button onClick={() => setPaying(true)} data-testid="pay-charges-open">
              {t('ui.sellerCharges.pay')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <ChargeTable charges={charges} labelledBy={HEADING} />
      {paying ? (
        <PayChargesDialog
          charges={charges}
          onClose={() => setPaying(false)}
          onPaid={async ({ message, result }) => {
            pushAlert({ msg: message, type: result.status === 'paid' ? 'success' : 'info' });
            await invalidateAction(queryClient, 'sellerStatement');
          }}
        />
      ) : null}
    </Card>
  );
}

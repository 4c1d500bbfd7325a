import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillSellerChargeInput, SellerChargeView } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, messageOr, onceKeys } from '../../api/client.ts';
import { formatMoney } from '../../lib/format.ts';
import { mayCall } from '../../lib/may-call.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import { RecordPaymentDialog, type RecordPaymentInput } from '../StaffMoney/RecordPaymentDialog.tsx';
import { BillChargeDialog } from './BillChargeDialog.tsx';
import { ChargeTable } from './ChargeTable.tsx';

const HEADING = 'staff-seller-charges-title';

const staffChargesQuery = (sellerId: string) => ({
  queryKey: ['staffSellerCharges', { seller_id: sellerId }] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call('staffSellerCharges', { seller_id: sellerId }, { signal }),
});

/**
 * Issue 38 §1 on a seller's or vendor's page (/admin/users/:id): the charges the house billed them and
 * what they still owe; an admin bills the next one (Bill a charge), and money received offline for a
 * charge is recorded here (recordOfflinePayment, as for any invoice). Never on one's own account: the
 * server refuses it (OWN_MONEY_RECORD), and the page says so instead of offering it.
 */
export function StaffSellerCharges({ sellerId, name }: { sellerId: string; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const me = useAtomValue(currentUserAtom);
  const charges = useQuery(staffChargesQuery(sellerId));
  const [billing, setBilling] = useState(false);
  const [paying, setPaying] = useState<SellerChargeView | null>(null);
  const [keys] = useState(() => onceKeys());
  const own = me?.id === sellerId;
  const mayBill = !own && me !== null && mayCall(me, 'billSellerCharge');
  const mayRecord = !own && me !== null && mayCall(me, 'recordOfflinePayment');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staffSellerCharges'] });

  const bill = async (input: BillSellerChargeInput) => {
    // One key per attempt: the same charge sent again after no answer is billed once.
    try {
      const { message } = await callForMessage('billSellerCharge', input, { commandId: keys.keyFor(input) });
      keys.settled(null);
      pushAlert({ msg: messageOr(message, t('ui.sellerCharges.billed_done')), type: 'success' });
    } catch (error) {
      keys.settled(error);
      throw error;
    }
    await refresh();
  };
  const record = async (input: RecordPaymentInput) => {
    const { message } = await callForMessage('recordOfflinePayment', input);
    pushAlert({ msg: messageOr(message, t('ui.staffMoney.recordPayment')), type: 'success' });
    await refresh();
  };

  return (
    <Card withBorder component="section" aria-labelledby={HEADING} data-testid="staff-seller-charges">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz={22} id={HEADING}>
          {t('ui.sellerCharges.staffTitle')}
        </Title>
        {mayBill ? (
          <Button size="xs" onClick={() => setBilling(true)} data-testid="bill-charge">
            {t('ui.sellerCharges.bill')}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.sellerCharges.staffIntro')}
      </Text>
      {own ? (
        <Alert color="blue" mb="sm" data-testid="own-charges">
          {t('ui.sellerCharges.ownCharges')}
        </Alert>
      ) : null}
      <QueryState query={charges} label={t('ui.sellerCharges.staffTitle')} error="alert">
        {(data) =>
          data.charges.length === 0 ? (
            <Text c="dimmed" data-testid="staff-charges-empty">
              {t('ui.sellerCharges.staffEmpty')}
            </Text>
          ) : (
            <>
              <Text fw={700} mb="xs" data-testid="staff-charges-due">
                {t('ui.sellerCharges.staffDue', { amount: formatMoney(data.due) })}
              </Text>
              <ChargeTable
                charges={data.charges}
                labelledBy={HEADING}
                {...(mayRecord && {
                  action: {
                    label: t('ui.sellerCharges.recordPayment'),
                    cell: (charge: SellerChargeView) =>
                      charge.status === 'unpaid' || charge.status === 'partial' ? (
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => setPaying(charge)}
                          data-testid="charge-record-payment"
                        >
                          {t('ui.sellerCharges.recordPayment')}
                        </Button>
                      ) : null,
                  },
                })}
              />
            </>
          )
        }
      </QueryState>
      {billing ? (
        <BillChargeDialog sellerId={sellerId} name={name} onClose={() => setBilling(false)} onSubmit={bill} />
      ) : null}
      {paying ? (
        <RecordPaymentDialog
          invoiceId={paying.number ?? paying.id}
          due={paying.due}
          onClose={() => setPaying(null)}
          onSubmit={(input) => record({ ...input, invoice_id: paying.id })}
        />
      ) : null}
    </Card>
  );
}

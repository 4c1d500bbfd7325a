import { Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { InputOf, InvestorDetails } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr, onceKeys } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { cardBrandLabel } from './investing-labels.ts';

type Order = InvestorDetails['orders'][number];
type Method = InputOf<'northcapitalPayment'>['method'];
interface Way {
  method: Method;
  label: string;
}

/** The ways the investor linked to pay with: the bank account (ACH) and the card, those there are. */
export function useWaysToPay(details: Pick<InvestorDetails, 'bank' | 'card'>): Way[] {
  const { t } = useTranslation();
  const { bank, card } = details;
  return [
    ...(bank
      ? [{ method: 'ach' as const, label: t('ui.investing.payByBank', { last4: bank.account_last4 }) }]
      : []),
    ...(card
      ? [
          {
            method: 'card' as const,
            label: t('ui.investing.payByCard', {
              brand: cardBrandLabel[card.brand] ?? card.brand,
              last4: card.last4,
            }),
          },
        ]
      : []),
  ];
}

/** The choice of a way, inside the pay dialog: `onChange` tells the dialog's confirm which one. */
function WayChoice({ ways, onChange }: { ways: Way[]; onChange: (method: Method) => void }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method | undefined>(ways[0]?.method);
  return (
    <Radio.Group
      label={t('ui.investing.payWith')}
      value={method ?? null}
      onChange={(value) => {
        setMethod(value as Method);
        onChange(value as Method);
      }}
    >
      <Stack gap="xs" mt="xs">
        {ways.map((way) => (
          <Radio
            key={way.method}
            value={way.method}
            label={way.label}
            data-testid={`investor-pay-${way.method}`}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * seeds 001 §7 northcapital_payment: pays an order through North Capital by the way chosen in a dialog, for
 * the order's amount (the server's: the request names the order only). Sent once per attempt: the same
 * payment sent again after no answer carries the same key. Once paid, the investor's details and holdings
 * are read again, so the order shows its confirmation.
 */
export function usePayOrder(ways: Way[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [keys] = useState(() => onceKeys());
  return (order: Order) => {
    const chosen: { method: Method | undefined } = { method: ways[0]?.method };
    confirmDialog({
      title: t('ui.investing.payTitle'),
      children: (
        <Stack gap="sm">
          <Text size="sm">
            {t('ui.investing.payQuestion', { units: order.units, amount: formatMoney(order.amount) })}
          </Text>
          <WayChoice
            ways={ways}
            onChange={(method) => {
              chosen.method = method;
            }}
          />
        </Stack>
      ),
      confirmLabel: t('ui.investing.payConfirm', { amount: formatMoney(order.amount) }),
      confirmTestId: 'investor-pay-confirm',
      onConfirm: async () => {
        if (!chosen.method) return;
        const input = { trade_id: order.trade_id, method: chosen.method };
        try {
          const answer = await callForMessage('northcapitalPayment', input, {
            commandId: keys.keyFor(input),
          });
          keys.settled(null);
          pushAlert({
            msg: messageOr(
              answer.message,
              t('investing.paid', { amount: formatMoney(answer.responseData.amount), id: order.trade_id }),
            ),
            type: 'success',
          });
        } catch (error) {
          keys.settled(error);
          // Paid or being paid meanwhile (another tab): the order as it is now.
          void invalidateAction(queryClient, 'getUserDetails');
          throw error;
        }
        await Promise.all([
          invalidateAction(queryClient, 'getUserDetails'),
          invalidateAction(queryClient, 'getStbids'),
        ]);
      },
    });
  };
}

import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AddBidDepositInput, type InputOf, MembershipPaymentInput } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage, messageOr, onceKeys } from '../../api/client.ts';
import { depositsQuery, invalidateAction, invalidateCarts, invoicesQuery } from '../../api/queries.ts';
import { browser } from '../../lib/browser.ts';
import { dollarsToCents, formatDateTime, formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { gatewayLabel, type HostedGateway, useHostedGateways } from '../Checkout/payment-gateways.ts';
import { DepositDetailsButton } from './DepositDetails.tsx';

const membershipCall = { paytm: 'paytmMembershipPayment', cashfree: 'cashfreeMembershipPayment' } as const;

const statusColour = { held: 'blue', applied: 'green', released: 'gray' } as const;
const statusText = {
  held: 'ui.wallet.depositHeld',
  applied: 'ui.wallet.depositApplied',
  released: 'ui.wallet.depositReleased',
} as const;

/** After a deposit moves, the wallet, its deposits and what they paid show again. */
function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () => {
    for (const name of ['deposits', 'getCreditHistory', 'alltransactions', 'allinvoices'] as const) {
      void invalidateAction(queryClient, name);
    }
    void invalidateCarts(queryClient);
  };
}

/** A held deposit spent on one of the buyer's unpaid invoices. */
function ApplyDeposit({ depositId }: { depositId: string }) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const refresh = useRefreshMoney();
  const unpaid = useQuery(invoicesQuery({ status: 'unpaid', page: 1, limit: 50 }));
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const applying = useMutation({
    mutationFn: (input: InputOf<'applyDeposit'>) => callForMessage('applyDeposit', input),
    onSuccess: ({ message }) => {
      pushAlert({ msg: messageOr(message, ''), type: 'success' });
      refresh();
    },
    onError: (error) => pushAlert({ msg: errorMessage(error), type: 'error' }),
  });
  const options = (unpaid.data?.records ?? []).map((invoice) => ({
    value: invoice.id,
    label: t('ui.wallet.depositInvoice', { id: invoice.id, due: formatMoney(invoice.due) }),
  }));
  if (options.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        aria-label={t('ui.wallet.depositApplyTo', { id: depositId })}
        placeholder={t('ui.wallet.depositChooseInvoice')}
        data={options}
        value={invoiceId}
        onChange={setInvoiceId}
        size="xs"
        w={220}
      />
      <Button
        size="xs"
        disabled={!invoiceId}
        loading={applying.isPending}
        onClick={() => invoiceId && applying.mutate({ deposit_id: depositId, invoice_id: invoiceId })}
        data-testid="apply-deposit"
      >
        {t('ui.wallet.depositApply')}
      </Button>
    </Group>
  );
}

/**
 * seeds 001 §7 credit/addBidDeposit and the deposit list: wallet credit held as a bid deposit, then
 * applied to an unpaid invoice (or given back by finance).
 */
export function BidDeposits() {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const refresh = useRefreshMoney();
  const deposits = useQuery(depositsQuery({ page: 1, limit: 20 }));
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const gateways = useHostedGateways();
  // A gateway button pressed again after the network failed opens the same order there: paid once.
  const [keys] = useState(() => onceKeys());
  const paying = useMutation({
    mutationFn: ({ gateway, input }: { gateway: HostedGateway; input: InputOf<'paytmMembershipPayment'> }) =>
      call(membershipCall[gateway], input, { commandId: keys.keyFor({ gateway, ...input }) }),
    onSettled: (_result, error) => keys.settled(error),
    // seeds 001 membership-payment: the deposit is paid on the gateway's own page, then held on return.
    onSuccess: (result) => {
      if (result.url) browser.assign(result.url);
    },
    onError: (error) => setAmountError(errorMessage(error)),
  });
  const payOn = (gateway: HostedGateway) => {
    const checked = MembershipPaymentInput.safeParse({ amount: dollarsToCents(amount) ?? Number.NaN });
    if (!checked.success) return setAmountError(checked.error.issues[0]?.message ?? t('ui.wallet.notAmount'));
    setAmountError(null);
    paying.mutate({ gateway, input: checked.data });
  };
  const holding = useMutation({
    mutationFn: (input: InputOf<'addBidDeposit'>) => callForMessage('addBidDeposit', input),
    onSuccess: ({ message }) => {
      pushAlert({ msg: messageOr(message, ''), type: 'success' });
      setAmount('');
      refresh();
    },
    onError: (error) => setAmountError(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = AddBidDepositInput.safeParse({
      amount: dollarsToCents(amount) ?? Number.NaN,
      lot_id: null,
    });
    if (!checked.success) return setAmountError(checked.error.issues[0]?.message ?? t('ui.wallet.notAmount'));
    setAmountError(null);
    holding.mutate(checked.data);
  };
  const records = deposits.data?.records ?? [];
  return (
    <div data-testid="bid-deposits">
      <Text size="sm" c="dimmed" mb="xs">
        {t('ui.wallet.depositsIntro', { held: formatMoney(deposits.data?.held ?? 0) })}
      </Text>
      <form onSubmit={submit} noValidate aria-label={t('ui.wallet.depositsTitle')}>
        <Group align="flex-start" gap="sm" wrap="wrap" mb="sm">
          <TextInput
            label={t('ui.wallet.depositDollars')}
            inputMode="decimal"
            leftSection="$"
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setAmountError(null);
            }}
            error={amountError}
            w={{ base: '100%', xs: 200 }}
            data-testid="deposit-amount"
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            loading={holding.isPending}
            data-testid="hold-deposit"
          >
            {t('ui.wallet.depositHold')}
          </Button>
          {gateways.map((gateway) => (
            <Button
              key={gateway}
              variant="light"
              mt={{ base: 0, xs: 25 }}
              loading={paying.isPending && paying.variables?.gateway === gateway}
              disabled={paying.isPending && paying.variables?.gateway !== gateway}
              onClick={() => payOn(gateway)}
              data-testid={`deposit-on-${gateway}`}
            >
              {t('ui.wallet.depositOnGateway', { gateway: t(gatewayLabel[gateway]) })}
            </Button>
          ))}
        </Group>
      </form>
      {records.length > 0 ? (
        <Stack gap="xs" data-testid="deposit-list">
          {records.map((deposit) => (
            <Group
              key={deposit.id}
              justify="space-between"
              gap="xs"
              wrap="wrap"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              data-testid="deposit-row"
            >
              <Group gap="sm" wrap="wrap">
                <Text size="sm">{formatDateTime(deposit.created_at)}</Text>
                <Text size="sm" fw={600}>
                  {formatMoney(deposit.amount)}
                </Text>
                <Badge color={statusColour[deposit.status]} variant="light">
                  {t(statusText[deposit.status])}
                </Badge>
              </Group>
              {deposit.status === 'held' ? (
                <ApplyDeposit depositId={deposit.id} />
              ) : deposit.invoice_id ? (
                <Group gap="xs" wrap="wrap">
                  <Text size="sm">
                    {t('ui.wallet.depositPaid', {
                      amount: formatMoney(deposit.applied),
                      id: deposit.invoice_id,
                    })}
                  </Text>
                  <DepositDetailsButton id={deposit.id} />
                </Group>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
    </div>
  );
}

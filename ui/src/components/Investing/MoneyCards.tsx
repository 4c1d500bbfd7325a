import { Badge, Button, Card, Grid, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CreateInvestmentOrderInput,
  type InvestorDetails,
  investingMessages,
  LinkBankInput,
  type UserRecord,
} from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, messageOr, onceKeys } from '../../api/client.ts';
import { t as translate } from '../../i18n/index.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { contractResolver } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import classes from './Investing.module.css';
import { cardGrid, FormActions, InvestingCard, InvestorForm, Kept } from './InvestingCard.tsx';
import {
  digits,
  linkedBankQuery,
  useInvestorAnswer,
  useRefusal,
  useSendChange,
  wholeNumber,
  withFieldWords,
} from './investing-forms.ts';
import {
  type AccountType,
  accountTypeLabel,
  isCancellable,
  isOpen,
  isPayable,
  orderBadge,
  payWayLabel,
} from './investing-labels.ts';
import { usePayOrder, useWaysToPay } from './PayOrder.tsx';

type Order = InvestorDetails['orders'][number];
type BankInput = z.output<typeof LinkBankInput>;

interface BankValues {
  holder_name: string;
  routing_number: string;
  account_number: string;
  account_type: AccountType;
}

const accountTypeChoices = () =>
  Object.entries(accountTypeLabel).map(([value, label]) => ({ value, label: translate(label) }));

/**
 * The bank account orders are paid from (linkExternalAccount): linked once, then shown by its last
 * four digits only (the server never answers the whole number); changed (updateLinkExternalAccount) or
 * unlinked (deleteExternalAccount) from there.
 */
export function BankCard({ details, user }: { details: InvestorDetails; user: UserRecord }) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const [changing, setChanging] = useState(false);
  const { bank } = details;
  const unlink = () =>
    confirmDialog({
      title: t('ui.investing.bankUnlinkTitle'),
      children: (
        <Text size="sm">{t('ui.investing.bankUnlinkQuestion', { last4: bank?.account_last4 ?? '' })}</Text>
      ),
      confirmLabel: t('ui.investing.bankUnlink'),
      destructive: true,
      confirmTestId: 'investor-bank-unlink-confirm',
      onConfirm: async () => {
        answered(await callForMessage('deleteExternalAccount', {}), t('investing.bankUnlinked'));
      },
    });
  return (
    <InvestingCard name="investor-bank" title={t('ui.investing.bankTitle')}>
      {bank && !changing ? (
        <Kept
          testId="investor-bank-linked"
          change={t('ui.investing.bankChange')}
          remove={t('ui.investing.bankUnlink')}
          onChange={() => setChanging(true)}
          onRemove={unlink}
        >
          <Text fw={600}>
            {t('ui.investing.bankLinked', {
              type:
                bank.account_type in accountTypeLabel
                  ? t(accountTypeLabel[bank.account_type as AccountType])
                  : bank.account_type,
              last4: bank.account_last4,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('ui.investing.bankHolder', { name: bank.holder_name })}
          </Text>
        </Kept>
      ) : bank ? (
        <BankChange onDone={() => setChanging(false)} />
      ) : (
        <BankForm holder={details.name ?? `${user.first_name} ${user.last_name}`} />
      )}
    </InvestingCard>
  );
}

/** The change form starts from the linked account as North Capital holds it (getExternalAccount). */
function BankChange({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const linked = useQuery(linkedBankQuery());
  return (
    <QueryState query={linked} label={t('ui.investing.bankLoading')}>
      {(data) => (
        <BankForm
          holder={data.bank?.holder_name ?? ''}
          accountType={data.bank?.account_type === 'savings' ? 'savings' : 'checking'}
          change
          onDone={onDone}
        />
      )}
    </QueryState>
  );
}

/**
 * `holder`: the investor's name (the entity's, for an entity), the account's usual holder. `change`: the
 * account replaces the linked one (updateLinkExternalAccount), typed whole again; else it is the first.
 */
function BankForm({
  holder,
  accountType = 'checking',
  change = false,
  onDone,
}: {
  holder: string;
  accountType?: AccountType;
  change?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const sendChange = useSendChange();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BankValues, unknown, BankInput>({
    defaultValues: {
      holder_name: holder.trim(),
      routing_number: '',
      account_number: '',
      account_type: accountType,
    },
    resolver: withFieldWords(
      contractResolver(LinkBankInput, (values: BankValues) => ({
        ...values,
        routing_number: digits(values.routing_number),
        account_number: digits(values.account_number),
      })),
    ),
  });
  const onValid = (input: BankInput) =>
    sendChange(
      () =>
        change
          ? callForMessage('updateLinkExternalAccount', input)
          : callForMessage('linkExternalAccount', input),
      (answer) =>
        t(change ? 'investing.bankUpdated' : 'investing.bankLinked', {
          last4: answer.responseData.bank?.account_last4 ?? '',
        }),
      { done: onDone },
    );
  return (
    <InvestorForm
      labelledBy="investor-bank-title"
      intro={change ? t('ui.investing.bankChangeIntro') : t('ui.investing.bankIntro')}
      onSubmit={handleSubmit(onValid)}
      actions={
        <FormActions
          send={change ? t('ui.investing.bankSendChange') : t('ui.investing.linkBank')}
          sending={isSubmitting}
          testId="investor-bank-link"
          onCancel={change ? onDone : undefined}
        />
      }
    >
      <Grid gap="sm" {...cardGrid}>
        <Grid.Col span={12}>
          <TextInput
            label={t('ui.investing.holderName')}
            autoComplete="name"
            required
            error={errors.holder_name?.message}
            {...register('holder_name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <TextInput
            label={t('ui.investing.routingNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            required
            error={errors.routing_number?.message}
            {...register('routing_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <TextInput
            label={t('ui.investing.accountNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={21}
            required
            error={errors.account_number?.message}
            {...register('account_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <NativeSelect
            label={t('ui.investing.accountType')}
            required
            data={accountTypeChoices()}
            error={errors.account_type?.message}
            {...register('account_type')}
          />
        </Grid.Col>
      </Grid>
    </InvestorForm>
  );
}

type OrderInput = z.output<typeof CreateInvestmentOrderInput>;

/**
 * The house's offering and an order for units of it (createOrder, sent once per attempt: the same
 * order sent again after no answer carries the same key). Closed, with the reason, until the
 * investor may invest.
 */
export function OrderCard({ details }: { details: InvestorDetails }) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const refused = useRefusal();
  const [keys] = useState(() => onceKeys());
  const { offering } = details;
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ units: string }, unknown, OrderInput>({
    defaultValues: { units: '1' },
    resolver: withFieldWords(
      contractResolver(CreateInvestmentOrderInput, (values: { units: string }) => ({
        units: wholeNumber(values.units),
      })),
    ),
  });
  const units = wholeNumber(useWatch({ control, name: 'units' }));
  const total = Number.isSafeInteger(units) && units > 0 ? units * offering.unit_price : null;
  const onValid = async (input: OrderInput) => {
    try {
      const answer = await callForMessage('createOrder', input, { commandId: keys.keyFor(input) });
      keys.settled(null);
      answered(answer, t('investing.ordered', { units: input.units }));
      reset({ units: '1' });
    } catch (error) {
      keys.settled(error);
      refused(error);
    }
  };
  const closed = !details.may_invest;
  return (
    <Card withBorder component="section" aria-labelledby="investor-order-title" data-testid="investor-order">
      <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="investor-order-title">
        <Stack gap="sm">
          <Title order={2} fz={22} id="investor-order-title">
            {t('ui.investing.orderTitle')}
          </Title>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600} data-testid="investor-offering">
              {offering.name}
            </Text>
            <Text size="sm" data-testid="investor-unit-price">
              {t('ui.investing.unitPrice', { price: formatMoney(offering.unit_price) })}
            </Text>
          </Group>
          <Group align="flex-end" justify="space-between" wrap="wrap" gap="sm">
            <TextInput
              label={t('ui.investing.units')}
              type="number"
              inputMode="numeric"
              min={1}
              max={100_000}
              step={1}
              required
              w={160}
              disabled={closed}
              error={errors.units?.message}
              {...register('units')}
            />
            <Stack gap={0} align="flex-end">
              <Text size="sm" c="dimmed">
                {t('ui.investing.total')}
              </Text>
              <Text fw={700} fz="lg" data-testid="investor-order-total">
                {total === null ? '—' : formatMoney(total)}
              </Text>
            </Stack>
          </Group>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={isSubmitting}
              disabled={closed}
              aria-describedby={closed ? 'investor-order-closed' : undefined}
              data-testid="investor-place-order"
            >
              {t('ui.investing.placeOrder')}
            </Button>
          </Group>
          {closed ? (
            <Text size="sm" id="investor-order-closed" data-testid="investor-order-closed">
              {investingMessages.notApproved}
            </Text>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The investor's orders, newest first as the server lists them; one just placed can be paid through North
 * Capital from the linked bank or card (northcapital_payment), and, unpaid, cancelled (deleteTrade). A
 * paid order shows North Capital's confirmation.
 */
export function OrdersCard({ details }: { details: Pick<InvestorDetails, 'orders' | 'bank' | 'card'> }) {
  const { t } = useTranslation();
  const { orders } = details;
  const answered = useInvestorAnswer();
  const refused = useRefusal();
  const ways = useWaysToPay(details);
  const pay = usePayOrder(ways);
  const pushAlert = useSetAtom(pushAlertAtom);
  const [resending, setResending] = useState<string | null>(null);
  /** The subscription documents of an open order sent again (resendDocuSign): once per click. */
  const resend = async (order: Order) => {
    setResending(order.trade_id);
    try {
      const answer = await callForMessage(
        'resendDocuSign',
        { trade_id: order.trade_id },
        { commandId: crypto.randomUUID() },
      );
      pushAlert({ msg: messageOr(answer.message, t('investing.resent')), type: 'success' });
    } catch (error) {
      refused(error);
    } finally {
      setResending(null);
    }
  };
  const cancel = (order: Order) =>
    confirmDialog({
      title: t('ui.investing.cancelTitle'),
      children: (
        <Text size="sm">
          {t('ui.investing.cancelQuestion', { units: order.units, amount: formatMoney(order.amount) })}
        </Text>
      ),
      confirmLabel: t('ui.investing.cancelConfirm'),
      destructive: true,
      confirmTestId: 'investor-cancel-confirm',
      onConfirm: async () => {
        answered(await callForMessage('deleteTrade', { trade_id: order.trade_id }), t('investing.canceled'));
      },
    });
  return (
    <InvestingCard name="investor-orders" title={t('ui.investing.ordersTitle')}>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="investor-orders-empty">
          {t('ui.investing.noOrders')}
        </Text>
      ) : (
        <ul className={classes.orders}>
          {orders.map((order) => {
            const status = orderBadge(order);
            return (
              <li key={order.trade_id} data-testid="investor-order-row" data-status={order.status}>
                <Stack gap={2} className={classes.name}>
                  <Text fw={600} data-testid="investor-order-units">
                    {t('ui.investing.orderUnits', { units: order.units })} · {formatMoney(order.amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('ui.investing.orderPlaced', { date: formatDate(order.at), id: order.trade_id })}
                  </Text>
                  {order.payment ? (
                    <Text size="xs" data-testid="investor-order-payment">
                      {t('ui.investing.paidBy', {
                        amount: formatMoney(order.payment.amount),
                        way: t(payWayLabel[order.payment.method]),
                        reference: order.payment.reference,
                        status: order.payment.fund_status,
                      })}
                    </Text>
                  ) : isPayable(order) && ways.length === 0 ? (
                    <Text size="xs" c="dimmed" data-testid="investor-order-no-way">
                      {t('ui.investing.payNeedsWay')}
                    </Text>
                  ) : null}
                </Stack>
                <Group gap="xs" justify="flex-end" ml="auto">
                  <Badge color={status.color} variant="light" data-testid="investor-order-status">
                    {t(status.label)}
                  </Badge>
                  {isPayable(order) && ways.length > 0 ? (
                    <Button
                      size="compact-sm"
                      onClick={() => pay(order)}
                      aria-label={t('ui.investing.payOrder', { id: order.trade_id })}
                      data-testid="investor-pay"
                    >
                      {t('ui.investing.pay')}
                    </Button>
                  ) : null}
                  {isOpen(order) ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => void resend(order)}
                      loading={resending === order.trade_id}
                      // Named by its words, as seen (WCAG 2.5.3); which order's, told as its description.
                      title={t('ui.investing.resendOrder', { id: order.trade_id })}
                    >
                      {t('ui.investing.resend')}
                    </Button>
                  ) : null}
                  {isCancellable(order) ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => cancel(order)}
                      aria-label={t('ui.investing.cancelOrder', { id: order.trade_id })}
                    >
                      {t('ui.common.cancel')}
                    </Button>
                  ) : null}
                </Group>
              </li>
            );
          })}
        </ul>
      )}
    </InvestingCard>
  );
}

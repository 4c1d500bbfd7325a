import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney, type StaffInvestmentOrder } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, messageOr } from '../../api/client.ts';
import { actionKey, invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { payWayLabel } from '../Investing/investing-labels.ts';
import { QueryState, type QueryStateProps } from '../QueryState/QueryState.tsx';

const statusLabel = {
  created: { label: 'ui.staff.investors.status_created', color: 'blue' },
  funded: { label: 'ui.staff.investors.status_funded', color: 'teal' },
  settled: { label: 'ui.staff.investors.status_settled', color: 'green' },
  canceled: { label: 'ui.staff.investors.status_canceled', color: 'gray' },
} as const satisfies Record<StaffInvestmentOrder['status'], { label: string; color: string }>;

/** The step an order takes next, by its status: funded once placed, settled once funded; none after. */
export const nextStep = (status: StaffInvestmentOrder['status']): 'funded' | 'settled' | null =>
  status === 'created' ? 'funded' : status === 'funded' ? 'settled' : null;

/**
 * A section of the page under its title (`${name}-title`): its list once loaded (`children`), or the
 * words for none (test id `${name}-empty`); a failure told in an alert.
 */
function ListSection<Row>({
  name,
  title,
  query,
  loading,
  empty,
  children,
}: {
  name: string;
  title: string;
  query: QueryStateProps<{ records: Row[] }>['query'];
  loading: string;
  empty: string;
  children: (records: Row[]) => ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={`${name}-title`}>
      <Title order={2} fz={22} id={`${name}-title`}>
        {title}
      </Title>
      <QueryState query={query} label={loading} error="alert">
        {(data) =>
          data.records.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid={`${name}-empty`}>
              {empty}
            </Text>
          ) : (
            children(data.records)
          )
        }
      </QueryState>
    </Stack>
  );
}

/**
 * Each offering's total across its investors (getStAssetTotal): placed, funded and settled in dollars,
 * and the units settled; cancelled orders count in none.
 */
export function OfferingTotals() {
  const { t } = useTranslation();
  const totals = useQuery({
    queryKey: actionKey('getStAssetTotal', {}),
    queryFn: ({ signal }) => call('getStAssetTotal', {}, { signal }),
  });
  return (
    <ListSection
      name="offering-totals"
      title={t('ui.staff.investors.totalsTitle')}
      query={totals}
      loading={t('ui.staff.investors.totalsLoading')}
      empty={t('ui.staff.investors.totalsEmpty')}
    >
      {(records) => (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="offering-totals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.staff.investors.offering')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.investorsCount')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.orders')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.placed')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.funded')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.settled')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.unitsSettled')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((total) => (
                <Table.Tr key={total.offering_id} data-testid="offering-total">
                  <Table.Td>{total.offering_id}</Table.Td>
                  <Table.Td>{total.investors}</Table.Td>
                  <Table.Td>{total.orders}</Table.Td>
                  <Table.Td>{formatMoney(total.created)}</Table.Td>
                  <Table.Td>{formatMoney(total.funded)}</Table.Td>
                  <Table.Td>{formatMoney(total.settled)}</Table.Td>
                  <Table.Td>{total.settled_units}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListSection>
  );
}

/**
 * The investors' orders, newest first (adminInvestmentOrders), each with its next step for staff to
 * take once North Capital says so (updateSettlement): mark funded when the money is in escrow, settled
 * when it is released to the issuer. A member of staff's own order has no button: another settles it.
 */
export function InvestmentOrders() {
  const { t } = useTranslation();
  const me = useAtomValue(currentUserAtom);
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const orders = useQuery({
    queryKey: actionKey('adminInvestmentOrders', {}),
    queryFn: ({ signal }) => call('adminInvestmentOrders', {}, { signal }),
  });
  const move = (order: StaffInvestmentOrder, status: 'funded' | 'settled') =>
    confirmDialog({
      title: t(status === 'funded' ? 'ui.staff.investors.fundTitle' : 'ui.staff.investors.settleTitle'),
      children: (
        <Text size="sm">
          {t(status === 'funded' ? 'ui.staff.investors.fundQuestion' : 'ui.staff.investors.settleQuestion', {
            id: order.trade_id,
            name: order.name,
            amount: formatMoney(order.amount),
          })}
        </Text>
      ),
      confirmLabel: t(
        status === 'funded' ? 'ui.staff.investors.markFunded' : 'ui.staff.investors.markSettled',
      ),
      confirmTestId: 'settlement-confirm',
      onConfirm: async () => {
        const answer = await callForMessage(
          'updateSettlement',
          { user_id: order.user_id, trade_id: order.trade_id, status },
          { commandId: crypto.randomUUID() },
        );
        const fallback = t(status === 'funded' ? 'investing.funded' : 'investing.settled', {
          id: order.trade_id,
        });
        pushAlert({ msg: messageOr(answer.message, fallback), type: 'success' });
        await Promise.all([
          invalidateAction(queryClient, 'adminInvestmentOrders'),
          invalidateAction(queryClient, 'getStAssetTotal'),
          invalidateAction(queryClient, 'adminInvestors'),
        ]);
      },
    });
  return (
    <ListSection
      name="investment-orders"
      title={t('ui.staff.investors.ordersTitle')}
      query={orders}
      loading={t('ui.staff.investors.ordersLoading')}
      empty={t('ui.staff.investors.ordersEmpty')}
    >
      {(records) => (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm" data-testid="investment-orders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.staff.investors.name')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.order')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.units')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.amount')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.payment')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.placedOn')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.status')}</Table.Th>
                <Table.Th>{t('ui.staff.investors.nextStep')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((order) => {
                const status = statusLabel[order.status];
                const step = nextStep(order.status);
                const own = order.user_id === me?.id;
                return (
                  <Table.Tr key={order.trade_id} data-testid="investment-order" data-status={order.status}>
                    <Table.Td>{order.name}</Table.Td>
                    <Table.Td>{order.trade_id}</Table.Td>
                    <Table.Td>{order.units}</Table.Td>
                    <Table.Td>{formatMoney(order.amount)}</Table.Td>
                    <Table.Td data-testid="investment-order-payment">
                      {order.payment
                        ? t('ui.staff.investors.paidBy', {
                            amount: formatMoney(order.payment.amount),
                            way: t(payWayLabel[order.payment.method]),
                            reference: order.payment.reference,
                            status: order.payment.fund_status,
                          })
                        : t('ui.staff.investors.notPaid')}
                    </Table.Td>
                    <Table.Td>
                      <DateTime iso={order.at} />
                    </Table.Td>
                    <Table.Td>
                      <Badge color={status.color} variant="light">
                        {t(status.label)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {step === null ? (
                        '—'
                      ) : own ? (
                        <Text size="sm" c="dimmed" data-testid="investment-order-own">
                          {t('ui.staff.investors.ownOrder')}
                        </Text>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => move(order, step)}
                          // Named by its words, as seen (WCAG 2.5.3); which order's, told as its description.
                          title={t(
                            step === 'funded'
                              ? 'ui.staff.investors.markFundedOrder'
                              : 'ui.staff.investors.markSettledOrder',
                            { id: order.trade_id },
                          )}
                        >
                          {t(
                            step === 'funded'
                              ? 'ui.staff.investors.markFunded'
                              : 'ui.staff.investors.markSettled',
                          )}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListSection>
  );
}

import { Button, Card, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InputOf,
  type PayoutMethod,
  RecordSellerPayoutInput,
  type SellerPayable,
} from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { contractResolver } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { PayoutMethodField } from '../SellerStatement/PayoutMethodField.tsx';

type PayoutInput = InputOf<'recordSellerPayout'>;

/** Staff (finance, admins): the sellers with statement lines payable now. */
const sellerPayablesQuery = () =>
  queryOptions({
    queryKey: ['staffSellerPayables', {}] as const,
    queryFn: ({ signal }) => call('staffSellerPayables', {}, { signal }),
  });

/** A seller's payable lines: each line's wine, invoice, net and the day it became payable. */
function PayableLines({ lines }: { lines: SellerPayable['lines'] }) {
  const { t } = useTranslation();
  return lines.map((line) => (
    <Text size="sm" key={`${line.invoice_id}:${line.product_id}`}>
      {t('ui.staff.payouts.line', {
        title: line.title,
        invoice: line.invoice_number ?? line.invoice_id,
        amount: formatMoney(line.net),
        date: line.payable_on ? formatDate(line.payable_on) : '—',
      })}
    </Text>
  ));
}

interface PayoutValues {
  method: PayoutMethod;
  reference: string;
}

/**
 * Finance records that the house paid a seller their payable lines: how (check or transfer) and its
 * reference. The lines and their nets are the statement's; the server settles them again.
 */
function RecordPayoutDialog({
  seller,
  ...actions
}: FormDialogActions<PayoutInput> & { seller: SellerPayable }) {
  const { t } = useTranslation();
  const form = useForm<PayoutValues, unknown, PayoutInput>({
    defaultValues: { method: seller.preference?.method ?? 'check', reference: '' },
    resolver: contractResolver(RecordSellerPayoutInput, (values: PayoutValues) => ({
      sellerId: seller.seller.id,
      lines: seller.lines.map((line) => ({ invoiceId: line.invoice_id, lotId: line.product_id })),
      method: values.method,
      reference: values.reference,
    })),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.staff.payouts.recordFor', { name: seller.seller.name })}
      submitLabel={t('ui.staff.payouts.record')}
      form={form}
      {...actions}
    >
      <Text size="sm" data-testid="payout-total">
        {t('ui.staff.payouts.toPay', { amount: formatMoney(seller.total), count: seller.lines.length })}
      </Text>
      {seller.preference ? (
        <Text size="sm" c="dimmed">
          {t('ui.staff.payouts.preference', { payee: seller.preference.payee })}
        </Text>
      ) : null}
      <PayoutMethodField
        control={control}
        name="method"
        label={t('ui.staff.payouts.method')}
        methods={{ check: t('ui.staff.payouts.check'), bank_transfer: t('ui.staff.payouts.bankTransfer') }}
      />
      <TextInput
        label={t('ui.staff.payouts.reference')}
        description={t('ui.staff.payouts.referenceHint')}
        required
        maxLength={100}
        data-autofocus
        error={errors.reference?.message}
        {...register('reference')}
      />
    </FormDialog>
  );
}

/**
 * Issue 33 "Sellers": on /admin/money, the sellers the house owes now (their statement lines payable
 * today, with their nets) and "Record payout" for each (changeStatus), for finance and admins.
 */
export function StaffPayouts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const list = useQuery(sellerPayablesQuery());
  const [paying, setPaying] = useState<SellerPayable | null>(null);

  const record = async (input: PayoutInput) => {
    const { message } = await callForMessage('recordSellerPayout', input);
    pushAlert({
      msg: messageOr(message, t('ui.staff.payouts.recorded', { name: paying?.seller.name ?? '' })),
      type: 'success',
    });
    await invalidateAction(queryClient, 'staffSellerPayables');
  };

  return (
    <Card component="section" aria-labelledby="staff-payouts-title">
      <Title order={2} fz={26} id="staff-payouts-title" mb="sm">
        {t('ui.staff.payouts.title')}
      </Title>
      <QueryState query={list} label={t('ui.staff.payouts.loading')}>
        {(data) =>
          data.sellers.length === 0 ? (
            <Text c="dimmed" data-testid="staff-payouts-empty">
              {t('ui.staff.payouts.empty')}
            </Text>
          ) : (
            <>
              {/* A phone: one card per seller (a table's figures and button would scroll out of sight). */}
              <Stack gap="xs" hiddenFrom="sm" data-testid="staff-payout-cards">
                {data.sellers.map((seller) => (
                  <Paper withBorder p="sm" key={seller.seller.id} data-testid="staff-payout-card">
                    <Group justify="space-between" wrap="nowrap" mb={4}>
                      <Text fw={600}>{seller.seller.name}</Text>
                      <Text fw={700}>{formatMoney(seller.total)}</Text>
                    </Group>
                    <PayableLines lines={seller.lines} />
                    <Button size="xs" variant="light" mt="xs" onClick={() => setPaying(seller)}>
                      {t('ui.staff.payouts.record')}
                    </Button>
                  </Paper>
                ))}
              </Stack>
              <Table.ScrollContainer minWidth={600} visibleFrom="sm">
                <Table striped verticalSpacing="sm" data-testid="staff-payouts">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ui.staff.payouts.seller')}</Table.Th>
                      <Table.Th>{t('ui.staff.payouts.lines')}</Table.Th>
                      <Table.Th ta="right">{t('ui.staff.payouts.net')}</Table.Th>
                      <Table.Th>{t('ui.staff.payouts.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.sellers.map((seller) => (
                      <Table.Tr key={seller.seller.id} data-testid="staff-payout-row">
                        <Table.Td>{seller.seller.name}</Table.Td>
                        <Table.Td>
                          <PayableLines lines={seller.lines} />
                        </Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {formatMoney(seller.total)}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setPaying(seller)}
                            data-testid="record-payout"
                          >
                            {t('ui.staff.payouts.record')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )
        }
      </QueryState>
      {paying ? (
        <RecordPayoutDialog seller={paying} onClose={() => setPaying(null)} onSubmit={record} />
      ) : null}
    </Card>
  );
}

import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PayoutMethod,
  type SellerPayoutPreferenceInput as PreferenceInput,
  SellerPayoutPreferenceInput,
  type SellerStatement as Statement,
  type StatementLineStatus,
  sellerStatementCsvPath,
  sellerStatementPdfPath,
  type UnsoldReason,
} from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, fetchFile, messageOr } from '../../api/client.ts';
import { invalidateAction, sellerStatementQuery } from '../../api/queries.ts';
import { browser } from '../../lib/browser.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { blankToUndefined, contractResolver } from '../../lib/forms.ts';
import { mayCall } from '../../lib/may-call.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { sessionAtom } from '../../state/session.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { SellerCharges } from '../SellerCharges/SellerCharges.tsx';
import { PayoutMethodField } from './PayoutMethodField.tsx';

const HEADING = 'seller-statement-heading';
const SOLD_HEADING = 'seller-statement-sold';
const UNSOLD_HEADING = 'seller-statement-unsold';

const statusLabels = {
  awaiting_payment: 'ui.sellerStatement.statusAwaitingPayment',
  scheduled: 'ui.sellerStatement.statusScheduled',
  payable: 'ui.sellerStatement.statusPayable',
  returned: 'ui.sellerStatement.statusReturned',
  paid: 'ui.sellerStatement.statusPaid',
} as const satisfies Record<StatementLineStatus, string>;

const statusColors: Record<StatementLineStatus, string> = {
  awaiting_payment: 'orange',
  scheduled: 'blue',
  payable: 'green',
  returned: 'gray',
  paid: 'teal',
};

const methodLabels = {
  check: 'ui.sellerStatement.methodCheck',
  bank_transfer: 'ui.sellerStatement.methodBankTransfer',
} as const satisfies Record<PayoutMethod, string>;

const reasonLabels = {
  reserve_not_met: 'ui.sellerStatement.reserveNotMet',
  no_bids: 'ui.sellerStatement.noBids',
} as const satisfies Record<UnsoldReason, string>;

/**
 * A download of the statement (PDF or CSV): fetched with the session's token, as the invoice PDF is,
 * and saved under the statement's date.
 */
function useDownload(path: string, fileName: string) {
  const pushAlert = useSetAtom(pushAlertAtom);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      browser.saveBlob(await fetchFile(path), fileName);
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

/** Where a sold line stands for its seller: awaiting the buyer, scheduled, payable, or returned. */
export function StatementStatusBadge({ status }: { status: StatementLineStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColors[status]} variant="light" data-testid="statement-status" data-status={status}>
      {t(statusLabels[status])}
    </Badge>
  );
}

function Totals({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const { totals } = statement;
  const figures = [
    { key: 'payable-now', label: t('ui.sellerStatement.payableNow'), value: totals.payable_now },
    { key: 'scheduled', label: t('ui.sellerStatement.scheduled'), value: totals.scheduled },
    {
      key: 'awaiting-payment',
      label: t('ui.sellerStatement.awaitingPayment'),
      value: totals.awaiting_payment,
    },
    { key: 'paid-out', label: t('ui.sellerStatement.paidOut'), value: totals.paid },
    {
      key: 'commission-fees',
      label: t('ui.sellerStatement.commissionAndFees'),
      value: totals.commission + totals.fees,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} mb="lg">
      {figures.map((figure) => (
        <Card withBorder key={figure.key} data-testid={`statement-${figure.key}`}>
          <Text size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text size="xl" fw={700} data-testid="statement-amount">
            {formatMoney(figure.value)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function SoldLines({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" mb="lg">
      <Title order={3} fz="h4" id={SOLD_HEADING}>
        {t('ui.sellerStatement.soldTitle')}
      </Title>
      {statement.lines.length === 0 ? (
        <Text c="dimmed" data-testid="statement-no-sales">
          {t('ui.sellerStatement.noSales')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped data-testid="statement-lines" aria-labelledby={SOLD_HEADING}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('ui.sellerStatement.wine')}</Table.Th>
                <Table.Th scope="col">{t('ui.sellerStatement.invoice')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ui.sellerStatement.hammer')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ui.sellerStatement.commission')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ui.sellerStatement.fee')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ui.sellerStatement.net')}
                </Table.Th>
                <Table.Th scope="col">{t('ui.sellerStatement.status')}</Table.Th>
                <Table.Th scope="col">{t('ui.sellerStatement.payableOn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.lines.map((line) => (
                <Table.Tr key={`${line.invoice_id}:${line.product_id}`} data-testid="statement-line">
                  <Table.Td>
                    <AnchorLink to="/productview/$pid" params={{ pid: line.product_id }} size="sm">
                      {line.title}
                    </AnchorLink>
                    {/* A line returned in part: its hammer is as invoiced, the rest is on what was kept. */}
                    {line.returned_qty > 0 && line.status !== 'returned' ? (
                      <Text size="xs" c="dimmed" data-testid="statement-returned">
                        {t('ui.sellerStatement.returnedBottles', {
                          count: line.returned_qty,
                          qty: line.qty,
                          amount: formatMoney(line.returned),
                        })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {line.invoice_number ?? line.invoice_id}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(line.hammer)}</Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(line.commission)}
                    <Text size="xs" c="dimmed">
                      {t('ui.sellerStatement.commissionRate', { percent: line.commission_percent })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(line.fee)}</Table.Td>
                  <Table.Td ta="right" fw={600} data-testid="statement-net">
                    {formatMoney(line.net)}
                  </Table.Td>
                  <Table.Td>
                    <StatementStatusBadge status={line.status} />
                    {line.payout ? (
                      <Text size="xs" c="dimmed" data-testid="statement-payout">
                        {t('ui.sellerStatement.paidOutOn', {
                          date: formatDate(line.payout.paid_at),
                          reference: line.payout.reference,
                        })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{line.payable_on ? <DateTime iso={line.payable_on} /> : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function UnsoldLots({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  if (statement.unsold.length === 0) return null;
  return (
    <Stack gap="xs" mb="lg">
      <Title order={3} fz="h4" id={UNSOLD_HEADING}>
        {t('ui.sellerStatement.unsoldTitle')}
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table striped data-testid="statement-unsold" aria-labelledby={UNSOLD_HEADING}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ui.sellerStatement.wine')}</Table.Th>
              <Table.Th scope="col">{t('ui.sellerStatement.closed')}</Table.Th>
              <Table.Th scope="col">{t('ui.sellerStatement.result')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('ui.sellerStatement.highBid')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statement.unsold.map((lot) => (
              <Table.Tr key={lot.product_id} data-testid="statement-unsold-lot">
                <Table.Td>
                  <AnchorLink to="/productview/$pid" params={{ pid: lot.product_id }} size="sm">
                    {lot.title}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>
                  <DateTime iso={lot.closed_at} />
                </Table.Td>
                <Table.Td>{t(reasonLabels[lot.reason])}</Table.Td>
                <Table.Td ta="right">{lot.high_bid === null ? '—' : formatMoney(lot.high_bid)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

interface PreferenceValues {
  payee: string;
  method: PayoutMethod;
  note: string;
}

/** The seller says how they want to be paid: a payee, check or transfer, and a note (never account numbers). */
function PayoutPreferenceDialog({
  preference,
  ...actions
}: FormDialogActions<PreferenceInput> & { preference: Statement['preference'] }) {
  const { t } = useTranslation();
  const form = useForm<PreferenceValues, unknown, PreferenceInput>({
    defaultValues: {
      payee: preference?.payee ?? '',
      method: preference?.method ?? 'check',
      note: preference?.note ?? '',
    },
    resolver: contractResolver(SellerPayoutPreferenceInput, (values: PreferenceValues) => ({
      payee: values.payee,
      method: values.method,
      note: blankToUndefined(values.note),
    })),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.sellerStatement.howPaidTitle')}
      submitLabel={t('ui.sellerStatement.savePreference')}
      form={form}
      {...actions}
    >
      <TextInput
        label={t('ui.sellerStatement.payee')}
        required
        maxLength={100}
        data-autofocus
        error={errors.payee?.message}
        {...register('payee')}
      />
      <PayoutMethodField
        control={control}
        name="method"
        label={t('ui.sellerStatement.method')}
        methods={{
          check: t('ui.sellerStatement.methodCheck'),
          bank_transfer: t('ui.sellerStatement.methodBankTransfer'),
        }}
      />
      <Textarea
        label={t('ui.sellerStatement.note')}
        description={t('ui.sellerStatement.noteHint')}
        maxLength={300}
        rows={2}
        error={errors.note?.message}
        {...register('note')}
      />
    </FormDialog>
  );
}

/** "How you are paid": the seller's payout preference, and a dialog to set it (update_invoice). */
function PayoutPreferenceCard({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [editing, setEditing] = useState(false);
  const { preference } = statement;
  const save = async (input: PreferenceInput) => {
    const { message } = await callForMessage('setSellerPayoutPreference', input);
    pushAlert({ msg: messageOr(message, t('ui.sellerStatement.preferenceSaved')), type: 'success' });
    await invalidateAction(queryClient, 'sellerStatement');
  };
  return (
    <Card withBorder mb="lg" data-testid="statement-preference">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={3} fz="h5">
            {t('ui.sellerStatement.howPaidTitle')}
          </Title>
          {preference ? (
            <>
              <Text size="sm">
                {t('ui.sellerStatement.paidTo', {
                  payee: preference.payee,
                  method: t(methodLabels[preference.method]),
                })}
              </Text>
              {preference.note ? (
                <Text size="sm" c="dimmed">
                  {preference.note}
                </Text>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('ui.sellerStatement.noPreference')}
            </Text>
          )}
        </div>
        <Button variant="light" size="xs" onClick={() => setEditing(true)} data-testid="edit-preference">
          {t('ui.sellerStatement.changePreference')}
        </Button>
      </Group>
      {editing ? (
        <PayoutPreferenceDialog preference={preference} onClose={() => setEditing(false)} onSubmit={save} />
      ) : null}
    </Card>
  );
}

/**
 * Issue 33 "Sellers": the seller's settlement statement on /myWines/sold: what is payable now, scheduled
 * and awaiting the buyer, each sold line (hammer, commission, fee, net, where it stands, when payable),
 * the lots that did not sell and why, and the statement as PDF or CSV.
 */
export function SellerStatement({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const day = statement.as_of.slice(0, 10);
  const pdf = useDownload(sellerStatementPdfPath, `seller-statement_${day}.pdf`);
  const csv = useDownload(sellerStatementCsvPath, `seller-statement_${day}.csv`);
  const empty = statement.lines.length === 0 && statement.unsold.length === 0;
  return (
    <section aria-labelledby={HEADING} data-testid="seller-statement">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="md">
        <div>
          <Title order={2} fz="h3" id={HEADING}>
            {t('ui.sellerStatement.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('ui.sellerStatement.asOf', { date: formatDate(statement.as_of) })}
          </Text>
        </div>
        {empty ? null : (
          <Group gap="xs">
            <Button variant="default" loading={pdf.busy} onClick={() => void pdf.download()}>
              {t('ui.sellerStatement.downloadPdf')}
            </Button>
            <Button variant="default" loading={csv.busy} onClick={() => void csv.download()}>
              {t('ui.sellerStatement.downloadCsv')}
            </Button>
          </Group>
        )}
      </Group>
      <PayoutPreferenceCard statement={statement} />
      {/* Issue 38 §1: what the house billed, and "Pay these charges". */}
      <SellerCharges statement={statement} />
      {empty ? (
        <Card withBorder mb="lg" data-testid="seller-statement-empty">
          <Text>{t('ui.sellerStatement.empty')}</Text>
        </Card>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="md">
            {t('ui.sellerStatement.intro')}
          </Text>
          <Totals statement={statement} />
          <SoldLines statement={statement} />
          <UnsoldLots statement={statement} />
        </>
      )}
    </section>
  );
}

/**
 * The statement for users with the seller or vendor role (the action is theirs), under the tabs of
 * /myWines/sold, above the sold list; anyone else sees nothing of it, and nothing is asked for them.
 */
export function SellerStatementSection() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const isSeller = session.status === 'authenticated' && mayCall(session.user, 'sellerStatement');
  const query = useQuery({ ...sellerStatementQuery(), enabled: isSeller });
  if (!isSeller) return null;
  return (
    <QueryState query={query} label={t('ui.sellerStatement.loading')} error="alert">
      {(statement) => <SellerStatement statement={statement} />}
    </QueryState>
  );
}

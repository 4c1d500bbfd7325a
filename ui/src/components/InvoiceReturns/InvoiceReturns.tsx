import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDetail } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction, returnsQuery } from '../../api/queries.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useServerNow } from '../../state/clock.ts';
import { ReturnList } from '../ReturnList/ReturnList.tsx';
import { type ReturnRequest, ReturnRequestDialog } from '../ReturnRequestDialog/ReturnRequestDialog.tsx';
import { TransactionTable } from '../TransactionTable/TransactionTable.tsx';
import { returnableOf, returnableQty } from './returnable.ts';

/** An invoice has at most a few dozen lines: its returns fit one page. */
const invoiceReturnsQuery = (invoiceId: string) =>
  returnsQuery({ invoice_id: invoiceId, page: 1, limit: 100 });

/** 'Request a return' on one line of a paid invoice, while it can be asked (DOMAIN.md "Money"). */
export function ReturnLineAction({
  invoice,
  line,
}: {
  invoice: InvoiceDetail;
  line: InvoiceDetail['invoiceItems'][number];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const now = useServerNow();
  const [open, setOpen] = useState(false);
  const returns = useQuery({ ...invoiceReturnsQuery(invoice.id), enabled: invoice.status === 'paid' });
  const max = returns.data ? returnableQty(invoice, line, returns.data.records, now) : 0;
  if (max === 0 || !returns.data) return null;
  const returnable = returnableOf(invoice, returns.data.records);

  const send = async (input: ReturnRequest) => {
    const { message } = await callForMessage('raiseReturnRequest', input);
    pushAlert({ msg: messageOr(message, t('returns.requested')), type: 'success' });
    await Promise.all([
      invalidateAction(queryClient, 'allreturns'),
      invalidateAction(queryClient, 'invoice'),
    ]);
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        // On a phone the line's title needs the room: the label wraps rather than squeeze it.
        maw={120}
        h="auto"
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3, paddingBlock: 4 } }}
        onClick={() => setOpen(true)}
        aria-label={t('ui.returns.requestFor', { title: line.title })}
        data-testid="request-return"
        data-print="hide"
      >
        {t('ui.returns.request')}
      </Button>
      {open ? (
        <ReturnRequestDialog
          invoiceId={invoice.id}
          line={line}
          max={max}
          returnable={returnable}
          onClose={() => setOpen(false)}
          onSubmit={send}
        />
      ) : null}
    </>
  );
}

/** The invoice's Returns block: until when a line may be asked back, the requests and the refunds. */
export function InvoiceReturns({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const now = useServerNow();
  const returns = useQuery({ ...invoiceReturnsQuery(invoice.id), enabled: invoice.status === 'paid' });
  const until = invoice.status === 'paid' ? invoice.return_until : null;
  return (
    <Stack gap="sm">
      {until ? (
        <Text size="sm" c="dimmed" data-testid="return-until">
          {now > Date.parse(until)
            ? t('ui.returns.closed', { date: formatDate(until) })
            : t('ui.returns.until', { date: formatDate(until) })}
        </Text>
      ) : null}
      {invoice.returned > 0 ? (
        <Text size="sm" fw={500} data-testid="returned-amount">
          {t(invoice.return_status === 'returned' ? 'ui.returns.returned' : 'ui.returns.partlyReturned')}
          {' · '}
          {t('ui.returns.returnedAmount', { amount: formatMoney(invoice.returned) })}
        </Text>
      ) : null}
      {returns.data && returns.data.records.length > 0 ? (
        <>
          <Title order={3} fz="md">
            {t('ui.returns.requests')}
          </Title>
          <ReturnList records={returns.data.records} empty={t('ui.returns.empty')} />
          <Title order={3} fz="md">
            {t('ui.returns.refunds')}
          </Title>
        </>
      ) : null}
      <TransactionTable
        records={invoice.returnTransactions}
        empty={t('ui.invoice.noReturns')}
        testId="return-transactions"
      />
    </Stack>
  );
}

/** Beside the invoice's status: 'Returned' or 'Partly returned' once money went back for returns. */
export function InvoiceReturnBadge({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  if (invoice.return_status === 'none') return null;
  return (
    <Badge
      color="grape"
      variant="light"
      data-testid="invoice-return-status"
      data-status={invoice.return_status}
    >
      {t(invoice.return_status === 'returned' ? 'ui.returns.returned' : 'ui.returns.partlyReturned')}
    </Badge>
  );
}

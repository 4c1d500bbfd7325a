import { Button, Card, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutputOf } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction, staffInvoicesQuery } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { DateTime } from '../DateTime/DateTime.tsx';
import { InvoiceStatusBadge } from '../InvoiceList/InvoiceStatusBadge.tsx';
import { InvoiceToolsDialog } from '../InvoiceTools/InvoiceTools.tsx';
import { PagedRecords } from '../Pager/PagedRecords.tsx';
import { type RecordTrackingValues, TrackingDialog } from '../Shipping/TrackingDialog.tsx';
import { RecordPaymentDialog, type RecordPaymentInput } from './RecordPaymentDialog.tsx';

export type StaffInvoiceTab = 'unpaid' | 'paid';
type StaffInvoice = OutputOf<'staffInvoices'>['records'][number];

export const STAFF_INVOICES_PAGE_SIZE = 20;

export interface StaffInvoicesProps {
  status: StaffInvoiceTab;
  page: number;
  onChange: (view: { status: StaffInvoiceTab; page: number }) => void;
}

/** Money is still to come on it: unpaid, or partly paid. */
const awaitsPayment = (invoice: StaffInvoice) => invoice.status === 'unpaid' || invoice.status === 'partial';

/** 'Invoices to pay': every buyer's invoices, unpaid or paid, with 'Record payment' on those still due. */
export function StaffInvoices({ status, page, onChange }: StaffInvoicesProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const list = useQuery({
    ...staffInvoicesQuery({ status, page, limit: STAFF_INVOICES_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const [paying, setPaying] = useState<StaffInvoice | null>(null);
  const [tracking, setTracking] = useState<StaffInvoice | null>(null);
  // Issue 38 §2: the invoice whose admin fee, lines' statuses and certificates staff are managing.
  const [managing, setManaging] = useState<StaffInvoice | null>(null);

  // Issue 31: a delivery's carrier and tracking number, mailed to the buyer once.
  const track = async (input: RecordTrackingValues) => {
    const { message } = await callForMessage('recordTracking', input);
    pushAlert({ msg: messageOr(message, t('ui.shipping.saved', { id: input.invoice_id })), type: 'success' });
    await invalidateAction(queryClient, 'staffInvoices');
  };

  const record = async (input: RecordPaymentInput) => {
    const { message } = await callForMessage('recordOfflinePayment', input);
    pushAlert({
      msg: messageOr(message, t('ui.staffMoney.recorded', { id: input.invoice_id })),
      type: 'success',
    });
    await invalidateAction(queryClient, 'staffInvoices');
  };

  return (
    <Card component="section" aria-labelledby="staff-invoices-title">
      <Title order={2} fz={26} id="staff-invoices-title" mb="sm">
        {t('ui.staffMoney.invoicesTitle')}
      </Title>
      <Tabs
        value={status}
        onChange={(value) => onChange({ status: value === 'paid' ? 'paid' : 'unpaid', page: 1 })}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="unpaid">{t('ui.invoices.unpaid')}</Tabs.Tab>
          <Tabs.Tab value="paid">{t('ui.invoices.paid')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <PagedRecords
        query={list}
        label={t('ui.staffMoney.loading')}
        empty={t('ui.invoices.empty')}
        emptyTestId="staff-invoices-empty"
        count={(count) => t('ui.invoices.count', { count })}
        page={page}
        pageSize={STAFF_INVOICES_PAGE_SIZE}
        onPage={(next) => onChange({ status, page: next })}
        error="inline"
      >
        {(records) => (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="sm" data-testid="staff-invoices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ui.invoices.id')}</Table.Th>
                    <Table.Th>{t('ui.staffMoney.buyer')}</Table.Th>
                    <Table.Th>{t('ui.invoices.date')}</Table.Th>
                    <Table.Th ta="right">{t('ui.invoices.total')}</Table.Th>
                    <Table.Th ta="right">{t('ui.invoices.paidAmount')}</Table.Th>
                    <Table.Th ta="right">{t('ui.invoices.due')}</Table.Th>
                    <Table.Th>{t('ui.invoices.status')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('ui.common.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {records.map((invoice) => (
                    <Table.Tr key={invoice.id} data-testid="staff-invoice-row" data-invoice-id={invoice.id}>
                      {/* The invoice page (/invoice/:id) is the buyer's own: staff see the id only. */}
                      <Table.Td>
                        {/* Issue 31: the readable number (the transfer reference a buyer quotes), the internal id under it. */}
                        <Text fw={600} size="sm">
                          {invoice.number ?? invoice.id}
                        </Text>
                        {invoice.number ? (
                          <Text size="xs" c="dimmed">
                            {t('ui.invoiceUx.reference', { id: invoice.id })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{invoice.buyer_name}</Text>
                        <Text size="xs" c="dimmed">
                          {invoice.buyer_email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <DateTime iso={invoice.created_at} />
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(invoice.total)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(invoice.paid)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(invoice.due)}</Table.Td>
                      <Table.Td>
                        <InvoiceStatusBadge status={invoice.status} />
                      </Table.Td>
                      <Table.Td>
                        {awaitsPayment(invoice) ? (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setPaying(invoice)}
                            aria-label={t('ui.staffMoney.recordPaymentFor', { id: invoice.id })}
                            data-testid="record-payment"
                          >
                            {t('ui.staffMoney.recordPayment')}
                          </Button>
                        ) : null}
                        <Button
                          size="xs"
                          variant="subtle"
                          ml={awaitsPayment(invoice) ? 'xs' : 0}
                          mr="xs"
                          onClick={() => setManaging(invoice)}
                          aria-label={t('ui.orders.manageFor', { id: invoice.number ?? invoice.id })}
                          data-testid="manage-invoice"
                        >
                          {t('ui.orders.manage')}
                        </Button>
                        {invoice.shipment ? (
                          <Button
                            size="xs"
                            variant={invoice.shipment.tracking_number ? 'subtle' : 'light'}
                            ml={awaitsPayment(invoice) ? 'xs' : 0}
                            onClick={() => setTracking(invoice)}
                            aria-label={t('ui.shipping.enterTrackingFor', {
                              id: invoice.number ?? invoice.id,
                            })}
                            data-testid="enter-tracking"
                          >
                            {invoice.shipment.tracking_number ?? t('ui.shipping.enterTracking')}
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </PagedRecords>
      {paying ? (
        <RecordPaymentDialog
          invoiceId={paying.id}
          due={paying.due}
          onClose={() => setPaying(null)}
          onSubmit={record}
        />
      ) : null}
      {managing ? (
        <InvoiceToolsDialog
          invoiceId={managing.id}
          shownId={managing.number ?? managing.id}
          onClose={() => setManaging(null)}
        />
      ) : null}
      {tracking ? (
        <TrackingDialog
          invoiceId={tracking.id}
          shownId={tracking.number ?? tracking.id}
          carrier={tracking.shipment?.carrier ?? null}
          trackingNumber={tracking.shipment?.tracking_number ?? null}
          onClose={() => setTracking(null)}
          onSubmit={track}
        />
      ) : null}
    </Card>
  );
}

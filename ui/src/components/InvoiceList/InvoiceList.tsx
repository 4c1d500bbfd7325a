import { Card, Container, Table, Tabs, Text, Title } from '@mantine/core';
import type { InvoiceSummary } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { Pager } from '../Pager/Pager.tsx';
import { InvoiceStatusBadge } from './InvoiceStatusBadge.tsx';

export type InvoiceTab = 'unpaid' | 'paid';

export interface InvoiceListProps {
  status: InvoiceTab;
  onStatus: (status: InvoiceTab) => void;
  records: InvoiceSummary[];
  totalRecords: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** seeds 001 §2 /invoices/paid and /invoices/unpaid: a tab each, a table of the buyer's invoices. */
export function InvoiceList({
  status,
  onStatus,
  records,
  totalRecords,
  page,
  pageSize,
  onPage,
}: InvoiceListProps) {
  const { t } = useTranslation();
  return (
    <Container py="xl">
      <Title order={1} mb="xs">
        {t('ui.invoices.title')}
      </Title>
      <Tabs value={status} onChange={(value) => onStatus(value === 'paid' ? 'paid' : 'unpaid')} mb="md">
        <Tabs.List>
          <Tabs.Tab value="unpaid">{t('ui.invoices.unpaid')}</Tabs.Tab>
          <Tabs.Tab value="paid">{t('ui.invoices.paid')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Text c="dimmed" size="sm" mb="sm" data-testid="total-records">
        {t('ui.invoices.count', { count: totalRecords })}
      </Text>
      {records.length === 0 ? (
        <Card data-testid="invoices-empty">
          <Text>{t('ui.invoices.empty')}</Text>
        </Card>
      ) : (
        <Card p={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="invoice-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ui.invoices.id')}</Table.Th>
                  <Table.Th>{t('ui.invoices.date')}</Table.Th>
                  <Table.Th>{t('ui.invoices.items')}</Table.Th>
                  <Table.Th ta="right">{t('ui.invoices.total')}</Table.Th>
                  <Table.Th ta="right">{t('ui.invoices.paidAmount')}</Table.Th>
                  <Table.Th ta="right">{t('ui.invoices.due')}</Table.Th>
                  <Table.Th>{t('ui.invoices.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((invoice) => (
                  <Table.Tr key={invoice.id} data-testid="invoice-row" data-invoice-id={invoice.id}>
                    <Table.Td>
                      <AnchorLink to="/invoice/$id" params={{ id: invoice.id }} fw={600}>
                        {invoice.number ?? invoice.id}
                      </AnchorLink>
                      {invoice.number ? (
                        <Text size="xs" c="dimmed" data-testid="invoice-internal-id">
                          {t('ui.invoiceUx.reference', { id: invoice.id })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <DateTime iso={invoice.created_at} />
                    </Table.Td>
                    <Table.Td>
                      {t('ui.invoices.itemsCount', { title: invoice.title, count: invoice.items })}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(invoice.total)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(invoice.paid)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(invoice.due)}</Table.Td>
                    <Table.Td>
                      <InvoiceStatusBadge status={invoice.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Pager page={page} pageSize={pageSize} totalRecords={totalRecords} onPage={onPage} />
    </Container>
  );
}

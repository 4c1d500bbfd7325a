import { Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { InvoiceStatusBadge } from '../InvoiceList/InvoiceStatusBadge.tsx';

/**
 * seeds 001 §7 multipleInvoice (issue 38 §2): several of the buyer's invoices at once (a checkout that
 * paid or placed several), each with its total and what is due, and their sum. A failure shows
 * nothing: each invoice's own link stays above.
 */
export function InvoicesTogether({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  const together = useQuery({
    queryKey: actionKey('multipleInvoice', { ids }),
    queryFn: ({ signal }) => call('multipleInvoice', { ids }, { signal }),
    enabled: ids.length > 1 && ids.length <= 20,
    retry: false,
  });
  if (!together.data) return null;
  const { records, cartValues } = together.data;
  return (
    <section aria-labelledby="together-title" data-testid="invoices-together">
      <Title order={3} fz={18} id="together-title" mb="xs">
        {t('ui.orders.togetherTitle')}
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ui.orders.togetherInvoice')}</Table.Th>
              <Table.Th ta="right">{t('ui.orders.togetherItems')}</Table.Th>
              <Table.Th ta="right">{t('ui.orders.togetherTotal')}</Table.Th>
              <Table.Th ta="right">{t('ui.orders.togetherDue')}</Table.Th>
              <Table.Th>{t('ui.invoices.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((invoice) => (
              <Table.Tr key={invoice.id} data-testid="together-row">
                <Table.Td>
                  <AnchorLink to="/invoice/$id" params={{ id: invoice.id }} size="sm">
                    {invoice.number ?? invoice.id}
                  </AnchorLink>
                </Table.Td>
                <Table.Td ta="right">{invoice.items}</Table.Td>
                <Table.Td ta="right">{formatMoney(invoice.total)}</Table.Td>
                <Table.Td ta="right">{formatMoney(invoice.due)}</Table.Td>
                <Table.Td>
                  <InvoiceStatusBadge status={invoice.status} />
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>
                <Text fw={700} size="sm">
                  {t('ui.orders.togetherSum')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{cartValues.count}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="together-total">
                {formatMoney(cartValues.total)}
              </Table.Td>
              <Table.Td ta="right" fw={700} data-testid="together-due">
                {formatMoney(cartValues.due)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

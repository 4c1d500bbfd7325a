import { Button, Card, Table, Text, VisuallyHidden } from '@mantine/core';
import type { OutputOf } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { InvoiceStatusBadge } from '../InvoiceList/InvoiceStatusBadge.tsx';
import { CertificateDialog } from '../InvoiceTools/CertificateDialog.tsx';

type SalesOrderList = OutputOf<'salesOrders'>;
type SalesOrder = SalesOrderList['records'][number];

/** How the lot was sold, by its invoice's kind (issue 36: by offer too). */
const salesOrderKindLabels = {
  auction: 'ui.salesOrders.kindAuction',
  buynow: 'ui.salesOrders.kindBuynow',
  offer: 'ui.salesOrders.kindOffer',
} as const;

/** seeds 001 /salesorder/all: each of the seller's lots on a buyer's invoice, with its status. */
export function SalesOrders({ orders }: { orders: SalesOrderList }) {
  const { t } = useTranslation();
  // Issue 38 §2: the line whose provenance certificate the seller is attaching.
  const [certifying, setCertifying] = useState<SalesOrder | null>(null);
  if (orders.records.length === 0) {
    return (
      <Card data-testid="sales-orders-empty">
        <Text>{t('ui.salesOrders.empty')}</Text>
      </Card>
    );
  }
  return (
    <Card>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" data-testid="sales-orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ui.salesOrders.invoice')}</Table.Th>
              <Table.Th>{t('ui.salesOrders.date')}</Table.Th>
              <Table.Th>{t('ui.salesOrders.wine')}</Table.Th>
              <Table.Th ta="right">{t('ui.salesOrders.quantity')}</Table.Th>
              <Table.Th ta="right">{t('ui.salesOrders.amount')}</Table.Th>
              <Table.Th>{t('ui.salesOrders.buyer')}</Table.Th>
              <Table.Th>{t('ui.salesOrders.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('ui.orders.certificate')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.records.map((order) => (
              <Table.Tr key={`${order.invoice_id}:${order.product_id}`} data-testid="sales-order">
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {order.invoice_number ?? order.invoice_id}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(salesOrderKindLabels[order.kind])}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DateTime iso={order.created_at} />
                </Table.Td>
                <Table.Td>
                  <AnchorLink to="/productview/$pid" params={{ pid: order.product_id }} size="sm">
                    {order.title}
                  </AnchorLink>
                </Table.Td>
                <Table.Td ta="right">{order.qty}</Table.Td>
                <Table.Td ta="right">{formatMoney(order.amount)}</Table.Td>
                <Table.Td>{order.buyer}</Table.Td>
                <Table.Td>
                  <InvoiceStatusBadge status={order.status} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setCertifying(order)}
                    aria-label={t('ui.orders.certificateOf', { title: order.title })}
                    data-testid="sales-order-certificate"
                  >
                    {order.certificate ? t('ui.orders.certificateEdit') : t('ui.orders.certificateAdd')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {certifying ? (
        <CertificateDialog
          invoiceId={certifying.invoice_id}
          productId={certifying.product_id}
          title={certifying.title}
          initial={certifying.certificate ?? null}
          onClose={() => setCertifying(null)}
        />
      ) : null}
    </Card>
  );
}

import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SellerChargeView } from '@wine/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { InvoiceStatusBadge } from '../InvoiceList/InvoiceStatusBadge.tsx';
import { chargeKindLabels } from './charge-labels.ts';

/**
 * The charges the house billed a seller or vendor, newest first: what for (the lot it is for, the
 * note), its invoice, the amount, what is still owed, where it stands and its dates. `action` adds a
 * last column, named by its label (the staff's Record payment).
 */
export function ChargeTable({
  charges,
  labelledBy,
  action,
}: {
  charges: readonly SellerChargeView[];
  labelledBy: string;
  action?: { label: string; cell: (charge: SellerChargeView) => ReactNode };
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped data-testid="charge-table" aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('ui.sellerCharges.charge')}</Table.Th>
            <Table.Th scope="col">{t('ui.sellerCharges.invoice')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('ui.sellerCharges.amount')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('ui.sellerCharges.owed')}
            </Table.Th>
            <Table.Th scope="col">{t('ui.sellerCharges.status')}</Table.Th>
            {action ? (
              <Table.Th scope="col">
                <VisuallyHidden>{action.label}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.map((charge) => (
            <Table.Tr key={charge.id} data-testid="charge-row" data-charge={charge.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {t(chargeKindLabels[charge.kind])}
                  </Text>
                  {charge.lot_id ? (
                    <AnchorLink to="/productview/$pid" params={{ pid: charge.lot_id }} size="sm">
                      {charge.title}
                    </AnchorLink>
                  ) : null}
                  {charge.note ? (
                    <Text size="xs" c="dimmed">
                      {charge.note}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {charge.number ?? charge.id}
                </Text>
                <Text size="xs" c="dimmed">
                  {charge.paid_at
                    ? t('ui.sellerCharges.paidOn', { date: formatDate(charge.paid_at) })
                    : t('ui.sellerCharges.dueBy', { date: formatDate(charge.due_at) })}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatMoney(charge.amount)}</Table.Td>
              <Table.Td ta="right" fw={600} data-testid="charge-owed">
                {formatMoney(charge.status === 'void' ? 0 : charge.due)}
              </Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={charge.status} />
              </Table.Td>
              {action ? <Table.Td>{action.cell(charge)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

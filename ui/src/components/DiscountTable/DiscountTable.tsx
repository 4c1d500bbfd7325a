import { Table } from '@mantine/core';
import type { LotView } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { discountRanges } from './discounts.ts';

export interface DiscountTableProps {
  rows: LotView['discount_buynow_records'];
  /** The unit buy-now price, for quantities below the first discount. */
  unitPrice?: number | null;
}

/** Buy-now quantity discounts: columns Quantity and Price (seeds 000 §2.7). */
export function DiscountTable({ rows, unitPrice = null }: DiscountTableProps) {
  const { t } = useTranslation();
  const ranges = discountRanges(rows, unitPrice);
  if (!ranges.length) return null;
  return (
    <Table withTableBorder striped fz="sm" data-testid="discount-table" maw={320}>
      <Table.Caption>{t('ui.discounts.caption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('ui.discounts.quantity')}</Table.Th>
          <Table.Th scope="col">{t('ui.discounts.price')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ranges.map((r) => (
          <Table.Tr key={r.from}>
            <Table.Td>{r.label}</Table.Td>
            <Table.Td>{formatMoney(r.cents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

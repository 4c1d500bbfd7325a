import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@wine/contracts';
import { useTranslation } from 'react-i18next';

const labels = {
  unpaid: 'ui.invoices.statusUnpaid',
  partial: 'ui.invoices.statusPartial',
  paid: 'ui.invoices.statusPaid',
  void: 'ui.invoices.statusVoid',
} as const satisfies Record<InvoiceStatus, string>;

const colors: Record<InvoiceStatus, string> = {
  unpaid: 'red',
  partial: 'orange',
  paid: 'green',
  void: 'gray',
};

/** An invoice's status (DOMAIN.md "Money": unpaid, partial, paid; void when cancelled). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant="light" data-testid="invoice-status" data-status={status}>
      {t(labels[status])}
    </Badge>
  );
}

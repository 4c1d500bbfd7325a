import { Badge, Table, Text } from '@mantine/core';
import type { CardRecord, Transaction } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { brandName } from '../PaymentCards/cards.ts';
import { PhoneCards } from '../PhoneCards/PhoneCards.tsx';

const typeLabels = {
  payment: 'ui.transactions.typePayment',
  refund: 'ui.transactions.typeRefund',
} as const satisfies Record<Transaction['type'], string>;

/** What each payment method reads as (also the auditor's payments of an invoice). */
export const methodLabels = {
  card: 'ui.transactions.methodCard',
  wallet: 'ui.transactions.methodWallet',
  giftcard: 'ui.transactions.methodGiftcard',
  offline: 'ui.transactions.methodOffline',
  paypal: 'ui.transactions.methodPaypal',
  gateway: 'ui.transactions.methodGateway',
} as const satisfies Record<Transaction['method'], string>;

/** What each payment status reads as (also the auditor's payments of an invoice). */
export const statusLabels = {
  pending: 'ui.transactions.statusPending',
  action_required: 'ui.transactions.statusActionRequired',
  succeeded: 'ui.transactions.statusSucceeded',
  failed: 'ui.transactions.statusFailed',
} as const satisfies Record<Transaction['status'], string>;

const statusColors: Record<Transaction['status'], string> = {
  pending: 'gray',
  action_required: 'orange',
  succeeded: 'green',
  failed: 'red',
};

const brands = new Set<string>(['visa', 'mastercard', 'amex', 'discover']);

/** The card a payment used: 'Visa •••• 4242'; empty for a payment without a card. */
function cardOf(transaction: Transaction): string {
  if (!transaction.card_last4) return '';
  const brand = (
    brands.has(transaction.card_brand ?? '') ? transaction.card_brand : 'other'
  ) as CardRecord['brand'];
  return `${brandName({ brand })} •••• ${transaction.card_last4}`;
}

export interface TransactionTableProps {
  records: Transaction[];
  empty: string;
  /** The invoice column (the /transactions page); an invoice's own table leaves it out. */
  withInvoice?: boolean;
  testId?: string;
}

/** Payments and refunds (seeds 001 allTransactions, returnTransactions, /transactions). */
export function TransactionTable({
  records,
  empty,
  withInvoice = false,
  testId = 'transactions',
}: TransactionTableProps) {
  const { t } = useTranslation();
  if (records.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }
  return (
    <PhoneCards minWidth={withInvoice ? 760 : 640}>
      <Table striped verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ui.transactions.date')}</Table.Th>
            {withInvoice ? <Table.Th>{t('ui.transactions.invoice')}</Table.Th> : null}
            <Table.Th>{t('ui.transactions.type')}</Table.Th>
            <Table.Th>{t('ui.transactions.method')}</Table.Th>
            <Table.Th>{t('ui.transactions.card')}</Table.Th>
            <Table.Th ta="right">{t('ui.transactions.amount')}</Table.Th>
            <Table.Th>{t('ui.transactions.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((transaction) => (
            <Table.Tr key={transaction.id} data-testid="transaction-row" data-transaction-id={transaction.id}>
              <Table.Td>
                <DateTime iso={transaction.created_at} withTime />
              </Table.Td>
              {withInvoice ? (
                <Table.Td>
                  <AnchorLink to="/invoice/$id" params={{ id: transaction.invoice_id }}>
                    {transaction.invoice_number ?? transaction.invoice_id}
                  </AnchorLink>
                </Table.Td>
              ) : null}
              <Table.Td>{t(typeLabels[transaction.type])}</Table.Td>
              <Table.Td>{t(methodLabels[transaction.method])}</Table.Td>
              <Table.Td>{cardOf(transaction)}</Table.Td>
              <Table.Td ta="right" fw={500}>
                {transaction.type === 'refund' ? '−' : ''}
                {formatMoney(transaction.amount)}
              </Table.Td>
              <Table.Td>
                <Badge color={statusColors[transaction.status]} variant="light">
                  {t(statusLabels[transaction.status])}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PhoneCards>
  );
}

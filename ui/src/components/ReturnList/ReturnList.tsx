import { Badge, Table, Text } from '@mantine/core';
import type { ReturnStatus, ReturnView } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { PhoneCards } from '../PhoneCards/PhoneCards.tsx';

export const returnStatusLabels = {
  requested: 'ui.returns.statusRequested',
  accepted: 'ui.returns.statusAccepted',
  received: 'ui.returns.statusReceived',
  refunding: 'ui.returns.statusRefunding',
  refused: 'ui.returns.statusRefused',
  refunded: 'ui.returns.statusRefunded',
} as const satisfies Record<ReturnStatus, string>;

const statusColors: Record<ReturnStatus, string> = {
  requested: 'orange',
  accepted: 'blue',
  received: 'cyan',
  refunding: 'cyan',
  refused: 'red',
  refunded: 'green',
};

/** A return's status (DOMAIN.md "Money": waiting, accepted, refused, refunded). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColors[status]} variant="light" data-testid="return-status" data-status={status}>
      {t(returnStatusLabels[status])}
    </Badge>
  );
}

/**
 * How it went: the bottles' condition once received, what was refunded and where (the card's and the
 * wallet's share, and why less), or the note it was refused with.
 */
export function Outcome({ record }: { record: ReturnView }) {
  const { t } = useTranslation();
  const { refunded_amount: refunded, refunded_card: card, refunded_wallet: wallet } = record;
  const where =
    card > 0 && wallet > 0
      ? t('ui.returns.refundedSplit', { card: formatMoney(card), wallet: formatMoney(wallet) })
      : card > 0
        ? t('ui.returns.toCard')
        : t('ui.returns.toWallet');
  // One block: a phone's card lays a cell's children side by side.
  return (
    <div>
      {record.good !== null && record.damaged !== null ? (
        <Text size="sm" data-testid="return-condition">
          {t('ui.returns.conditionOf', { good: record.good, damaged: record.damaged })}
        </Text>
      ) : null}
      {refunded !== null ? (
        <Text size="sm" data-testid="return-refunded">
          {t('ui.returns.refundedAmount', { amount: formatMoney(refunded) })} · {where}
        </Text>
      ) : null}
      {record.refund_reason ? (
        <Text size="sm" c="dimmed">
          {t('ui.returns.lessBecause', { reason: record.refund_reason })}
        </Text>
      ) : null}
      {record.note ? (
        <Text size="sm" c="dimmed" data-testid="return-note">
          {record.note}
        </Text>
      ) : null}
    </div>
  );
}

export interface ReturnListProps {
  records: ReturnView[];
  empty: string;
  /** The invoice column (the /returns page); an invoice's own list leaves it out. */
  withInvoice?: boolean;
}

/** Return requests and how each ended (seeds 001 §7 allreturns). */
export function ReturnList({ records, empty, withInvoice = false }: ReturnListProps) {
  const { t } = useTranslation();
  if (records.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="returns-empty">
        {empty}
      </Text>
    );
  }
  return (
    <PhoneCards minWidth={withInvoice ? 760 : 640}>
      <Table striped verticalSpacing="xs" data-testid="returns">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ui.returns.date')}</Table.Th>
            {withInvoice ? <Table.Th>{t('ui.returns.invoice')}</Table.Th> : null}
            <Table.Th>{t('ui.returns.wine')}</Table.Th>
            <Table.Th ta="right">{t('ui.returns.qty')}</Table.Th>
            <Table.Th ta="right">{t('ui.returns.refund')}</Table.Th>
            <Table.Th>{t('ui.returns.status')}</Table.Th>
            <Table.Th>{t('ui.returns.outcome')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id} data-testid="return-row" data-return-id={record.id}>
              <Table.Td>
                <DateTime iso={record.requested_at} />
              </Table.Td>
              {withInvoice ? (
                <Table.Td>
                  <AnchorLink to="/invoice/$id" params={{ id: record.invoice_id }}>
                    {record.invoice_number ?? record.invoice_id}
                  </AnchorLink>
                </Table.Td>
              ) : null}
              <Table.Td>
                <div>
                  <Text size="sm" fw={500}>
                    {record.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {record.reason}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td ta="right">{record.qty}</Table.Td>
              <Table.Td ta="right" fw={500}>
                {formatMoney(record.amount)}
              </Table.Td>
              {/* The status in full (a badge cuts a long one short in a narrow column). */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ReturnStatusBadge status={record.status} />
              </Table.Td>
              <Table.Td>
                <Outcome record={record} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PhoneCards>
  );
}

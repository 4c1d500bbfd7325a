import { Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import classes from './AuditHistory.module.css';
import { invoicePayments, methodTexts, paymentStatusTexts, textOf } from './invoice-payments.ts';

/**
 * The payments of the invoice's state shown (issue 35 §1), each with its method, amount and status,
 * and a link to the transaction of the payment ledger its money moved in.
 */
export function InvoicePayments({ state }: { state: unknown }) {
  const { t } = useTranslation();
  const payments = invoicePayments(state);
  return (
    <Card
      component="section"
      withBorder
      aria-labelledby="invoice-payments-title"
      data-testid="invoice-payments"
    >
      <Title order={2} fz="lg" id="invoice-payments-title" mb="sm">
        {t('ui.auditHistory.paymentsTitle')}
      </Title>
      {payments.length === 0 ? (
        <Text c="dimmed" data-testid="invoice-payments-none">
          {t('ui.auditHistory.paymentsNone')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.transactions.method')}</Table.Th>
                <Table.Th ta="right">{t('ui.transactions.amount')}</Table.Th>
                <Table.Th>{t('ui.transactions.status')}</Table.Th>
                <Table.Th>{t('ui.auditHistory.paymentTransaction')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => {
                const method = textOf(methodTexts, p.method);
                const status = textOf(paymentStatusTexts, p.status);
                return (
                  <Table.Tr key={p.paymentId} data-testid="invoice-payment" data-payment={p.paymentId}>
                    <Table.Td>{method ? t(method) : p.method}</Table.Td>
                    <Table.Td ta="right" className={classes.nowrap}>
                      {formatMoney(p.amount)}
                    </Table.Td>
                    <Table.Td>{status ? t(status) : p.status}</Table.Td>
                    <Table.Td className={classes.cell}>
                      <AnchorLink
                        to="/audit/payment/$id"
                        params={{ id: p.transactionId }}
                        ff="monospace"
                        fz="xs"
                      >
                        {p.transactionId}
                      </AnchorLink>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

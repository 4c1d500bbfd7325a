import { Alert, Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { useMerchant } from './merchant.ts';

/**
 * Issue 31: how to pay by bank transfer: the merchant's bank from configuration, the amount, and the
 * invoice numbers to quote as the reference. A deployment with no bank configured says whom to ask;
 * the demo's made-up account says it is one.
 */
export function BankTransferDetails({ amount, reference }: { amount: number; reference: string }) {
  const { t } = useTranslation();
  const merchant = useMerchant();
  if (!merchant) return null;
  const bank = merchant.bankTransfer;
  if (!bank) {
    return (
      <Text size="sm" data-testid="bank-transfer-ask">
        {t('ui.invoiceUx.noBank', { phone: merchant.phone, email: merchant.emailGeneral, reference })}{' '}
        <Anchor href={`mailto:${merchant.emailGeneral}`} size="sm">
          {merchant.emailGeneral}
        </Anchor>
      </Text>
    );
  }
  const rows: [string, string, string][] = [
    ['bank', t('ui.invoiceUx.bankName'), bank.bankName],
    ['account-name', t('ui.invoiceUx.accountName'), bank.accountName],
    ['routing', t('ui.invoiceUx.routing'), bank.routingNumber],
    ['account', t('ui.invoiceUx.account'), bank.accountNumber],
    ['swift', t('ui.invoiceUx.swift'), bank.swift],
    ['reference', t('ui.invoiceUx.referenceLabel'), reference],
    ['amount', t('ui.invoiceUx.amount'), formatMoney(amount)],
  ];
  return (
    <section aria-label={t('ui.invoiceUx.bankTitle')} data-testid="bank-transfer">
      <Text fw={700} mb={4}>
        {t('ui.invoiceUx.bankTitle')}
      </Text>
      <Text size="sm" mb="xs">
        {t('ui.invoiceUx.bankIntro', { amount: formatMoney(amount), reference })}
      </Text>
      {bank.demo ? (
        <Alert color="red" variant="light" mb="xs" p="xs" data-testid="bank-transfer-demo">
          <Text size="sm">{t('ui.invoiceUx.demo')}</Text>
        </Alert>
      ) : null}
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
        <Table.Tbody>
          {rows.map(([key, label, value]) => (
            <Table.Tr key={key} data-field={key}>
              <Table.Th scope="row" fw={400} c="dimmed" w="45%">
                {label}
              </Table.Th>
              <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {bank.note ? (
        <Text size="xs" c="dimmed" mt={4}>
          {bank.note}
        </Text>
      ) : null}
    </section>
  );
}

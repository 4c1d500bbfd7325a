import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { LedgerCheck, LedgerDisagreement } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';

/** What each way the ledger and the invoices disagree reads as (the UI branches on the kind, never on wording). */
export const ledgerProblemTexts = {
  unknown_transaction: 'ui.ledgerCheck.problems.unknownTransaction',
  not_charged: 'ui.ledgerCheck.problems.notCharged',
  share: 'ui.ledgerCheck.problems.share',
  charged: 'ui.ledgerCheck.problems.charged',
  refunded: 'ui.ledgerCheck.problems.refunded',
  charged_back: 'ui.ledgerCheck.problems.chargedBack',
} as const satisfies Record<LedgerDisagreement['problem'], string>;

/**
 * The "Payment ledger" card of /audit (issue 35 §1): the payment ledger checked against the invoices
 * from the log, what each provider holds by it, and every disagreement, each linking to the
 * transaction's history and the invoice's. For auditors, admins and finance.
 */
export function LedgerCheckPanel() {
  const { t } = useTranslation();
  const check = useMutation({ mutationFn: () => call('paymentLedgerCheck', {}) });
  return (
    <Card component="section" withBorder aria-labelledby="ledger-check-title">
      <Title order={2} fz="lg" id="ledger-check-title" mb="xs">
        {t('ui.ledgerCheck.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('ui.ledgerCheck.hint')}
      </Text>
      <Group mb="md">
        <Button onClick={() => check.mutate()} loading={check.isPending} data-testid="ledger-check">
          {t('ui.ledgerCheck.check')}
        </Button>
      </Group>
      {check.data && <LedgerResult result={check.data} />}
      {check.isError && (
        <Alert color="red" role="alert" data-testid="ledger-error">
          {errorMessage(check.error)}
        </Alert>
      )}
    </Card>
  );
}

function LedgerResult({ result }: { result: LedgerCheck }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="ledger-result">
      <Text size="sm" data-testid="ledger-read">
        {t('ui.ledgerCheck.read', { transactions: result.transactions, invoices: result.invoices })}
      </Text>
      <Held held={result.held} />
      {result.disagreements.length === 0 ? (
        <Alert color="green" data-testid="ledger-agree" title={t('ui.ledgerCheck.agree')}>
          {t('ui.ledgerCheck.agreeDetail')}
        </Alert>
      ) : (
        <Stack gap="sm" data-testid="ledger-disagree">
          <Alert color="red" role="alert" title={t('ui.ledgerCheck.disagree')}>
            {t('ui.ledgerCheck.disagreeDetail', { count: result.disagreements.length })}
          </Alert>
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="ledger-disagreements">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ui.ledgerCheck.transaction')}</Table.Th>
                  <Table.Th>{t('ui.ledgerCheck.invoice')}</Table.Th>
                  <Table.Th>{t('ui.ledgerCheck.problem')}</Table.Th>
                  <Table.Th ta="right">{t('ui.ledgerCheck.expected')}</Table.Th>
                  <Table.Th ta="right">{t('ui.ledgerCheck.found')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.disagreements.map((d) => (
                  <DisagreementRow
                    key={`${d.transactionId}-${d.invoiceId ?? ''}-${d.problem}`}
                    disagreement={d}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}

function Held({ held }: { held: LedgerCheck['held'] }) {
  const { t } = useTranslation();
  if (held.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="ledger-held-none">
        {t('ui.ledgerCheck.heldNone')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped data-testid="ledger-held" maw={480} captionSide="top">
        <Table.Caption>{t('ui.ledgerCheck.heldTitle')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ui.ledgerCheck.provider')}</Table.Th>
            <Table.Th ta="right">{t('ui.ledgerCheck.held')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {held.map((h) => (
            <Table.Tr key={h.provider} data-testid="ledger-held-row">
              <Table.Td>{h.provider}</Table.Td>
              <Table.Td ta="right">{formatMoney(h.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DisagreementRow({ disagreement: d }: { disagreement: LedgerDisagreement }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="ledger-disagreement" data-problem={d.problem}>
      <Table.Td>
        <AnchorLink to="/audit/payment/$id" params={{ id: d.transactionId }} ff="monospace" fz="xs">
          {d.transactionId}
        </AnchorLink>
      </Table.Td>
      <Table.Td>
        {d.invoiceId === null ? (
          <Text size="sm" c="dimmed">
            {t('ui.ledgerCheck.noInvoice')}
          </Text>
        ) : (
          <AnchorLink to="/audit/invoice/$id" params={{ id: d.invoiceId }} ff="monospace" fz="xs">
            {d.invoiceId}
          </AnchorLink>
        )}
      </Table.Td>
      <Table.Td>{t(ledgerProblemTexts[d.problem])}</Table.Td>
      <Table.Td ta="right">{formatMoney(d.expected)}</Table.Td>
      <Table.Td ta="right">{formatMoney(d.found)}</Table.Td>
    </Table.Tr>
  );
}

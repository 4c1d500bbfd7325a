import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creditHistoryQuery } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { DateTime } from '../DateTime/DateTime.tsx';
import { Pager } from '../Pager/Pager.tsx';
import { PhoneCards } from '../PhoneCards/PhoneCards.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { AddCreditForm } from './AddCreditForm.tsx';
import { BidDeposits } from './BidDeposits.tsx';
import { RedeemGiftCardForm } from './RedeemGiftCardForm.tsx';

const PAGE_SIZE = 10;

/**
 * The wallet (DOMAIN.md "Money"): its balance, its credit history (seeds 001 §3), 'Add credit' and
 * 'Redeem a gift card'.
 */
export function Wallet() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useQuery(creditHistoryQuery({ page, limit: PAGE_SIZE }));
  return (
    <Card component="section" aria-labelledby="wallet-title" data-testid="wallet">
      <Group justify="space-between" align="baseline" mb="md" wrap="wrap">
        <Title order={2} fz={26} id="wallet-title">
          {t('ui.wallet.title')}
        </Title>
        <Text>
          <Text span c="dimmed">
            {t('ui.wallet.balance')}:{' '}
          </Text>
          <Text span fw={700} fz="xl" data-testid="wallet-balance">
            {history.data ? formatMoney(history.data.balance) : '…'}
          </Text>
        </Text>
      </Group>
      <Stack gap="lg">
        <div>
          <Title order={3} fz={18} mb="xs" id="add-credit-title">
            {t('ui.wallet.add')}
          </Title>
          <AddCreditForm />
        </div>
        <div>
          <Title order={3} fz={18} mb="xs" id="redeem-title">
            {t('ui.wallet.redeemTitle')}
          </Title>
          <RedeemGiftCardForm />
        </div>
        <div>
          <Title order={3} fz={18} mb="xs">
            {t('ui.wallet.depositsTitle')}
          </Title>
          <BidDeposits />
        </div>
        <div>
          <Title order={3} fz={18} mb="xs">
            {t('ui.wallet.history')}
          </Title>
          <QueryState query={history} keepData>
            {(data) =>
              data.records.length === 0 ? (
                <Text c="dimmed" size="sm" data-testid="credit-empty">
                  {t('ui.wallet.empty')}
                </Text>
              ) : (
                <>
                  <PhoneCards minWidth={640}>
                    <Table striped verticalSpacing="xs" data-testid="credit-history">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('ui.wallet.date')}</Table.Th>
                          <Table.Th>{t('ui.wallet.entry')}</Table.Th>
                          <Table.Th>{t('ui.wallet.source')}</Table.Th>
                          <Table.Th>{t('ui.wallet.reference')}</Table.Th>
                          <Table.Th ta="right">{t('ui.wallet.amount')}</Table.Th>
                          <Table.Th ta="right">{t('ui.wallet.balanceAfter')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.records.map((entry) => (
                          <Table.Tr key={entry.id} data-testid="credit-row">
                            <Table.Td>
                              <DateTime iso={entry.created_at} withTime />
                            </Table.Td>
                            <Table.Td>
                              <Badge color={entry.type === 'credit' ? 'green' : 'gray'} variant="light">
                                {t(entry.type === 'credit' ? 'ui.wallet.credit' : 'ui.wallet.debit')}
                              </Badge>
                            </Table.Td>
                            <Table.Td>{entry.source}</Table.Td>
                            <Table.Td>{entry.reference}</Table.Td>
                            <Table.Td ta="right">
                              {entry.type === 'debit' ? '−' : ''}
                              {formatMoney(entry.amount)}
                            </Table.Td>
                            <Table.Td ta="right">{formatMoney(entry.balance)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </PhoneCards>
                  <Text size="xs" c="dimmed" mt={4}>
                    {data.setDisp}
                  </Text>
                  <Pager page={page} pageSize={PAGE_SIZE} totalRecords={data.totalRecords} onPage={setPage} />
                </>
              )
            }
          </QueryState>
        </div>
      </Stack>
    </Card>
  );
}

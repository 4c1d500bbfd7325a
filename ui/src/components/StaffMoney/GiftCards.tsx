import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { giftCardsQuery } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { DateTime } from '../DateTime/DateTime.tsx';
import { PagedRecords } from '../Pager/PagedRecords.tsx';
import { IssueGiftCardsForm } from './IssueGiftCardsForm.tsx';

const PAGE_SIZE = 20;

/** The gift cards issued (never their codes), what the unredeemed ones are worth, and for admins 'Issue'. */
export function GiftCards({ canIssue }: { canIssue: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...giftCardsQuery({ page, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  return (
    <Card component="section" aria-labelledby="giftcards-title">
      <Group justify="space-between" align="baseline" mb="md" wrap="wrap">
        <Title order={2} fz={26} id="giftcards-title">
          {t('ui.staffMoney.giftCardsTitle')}
        </Title>
        {list.data ? (
          <Text>
            <Text span c="dimmed">
              {t('ui.staffMoney.outstanding')}:{' '}
            </Text>
            <Text span fw={700} data-testid="giftcards-outstanding">
              {formatMoney(list.data.outstanding)}
            </Text>
          </Text>
        ) : null}
      </Group>
      <Stack gap="lg">
        {canIssue ? (
          <div>
            <Title order={3} fz={18} mb="xs" id="issue-title">
              {t('ui.staffMoney.issueTitle')}
            </Title>
            <IssueGiftCardsForm />
          </div>
        ) : null}
        <PagedRecords
          query={list}
          label={t('ui.staffMoney.loading')}
          empty={t('ui.staffMoney.giftCardsEmpty')}
          emptyTestId="giftcards-empty"
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          error="inline"
        >
          {(records) => (
            <>
              <Table.ScrollContainer minWidth={760}>
                <Table striped verticalSpacing="xs" data-testid="giftcards">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ui.staffMoney.card')}</Table.Th>
                      <Table.Th>{t('ui.staffMoney.last4')}</Table.Th>
                      <Table.Th ta="right">{t('ui.staffMoney.amount')}</Table.Th>
                      <Table.Th>{t('ui.staffMoney.issued')}</Table.Th>
                      <Table.Th>{t('ui.staffMoney.redeemedBy')}</Table.Th>
                      <Table.Th>{t('ui.staffMoney.redeemedAt')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {records.map((card) => (
                      <Table.Tr key={card.id} data-testid="giftcard-row" data-card-id={card.id}>
                        <Table.Td>{card.id}</Table.Td>
                        <Table.Td ff="monospace">•••• {card.last4}</Table.Td>
                        <Table.Td ta="right">{formatMoney(card.amount)}</Table.Td>
                        <Table.Td>
                          <DateTime iso={card.issued_at} withTime />
                        </Table.Td>
                        <Table.Td>
                          {/* Issue 31: a person's name, never their raw id. */}
                          {card.redeemed_by ? (
                            (card.redeemed_by_name ?? '—')
                          ) : (
                            <Badge color="blue" variant="light">
                              {t('ui.staffMoney.notRedeemed')}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {card.redeemed_at ? <DateTime iso={card.redeemed_at} withTime /> : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </PagedRecords>
      </Stack>
    </Card>
  );
}

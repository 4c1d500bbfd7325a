import { Alert, Badge, Button, Card, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BidCancelResult, StaffLotBids, StaffLotDetail } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction, staffLotBidsQuery } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { DateTime } from '../DateTime/DateTime.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { AwardLotDialog } from './AwardLotDialog.tsx';
import { CancelBidsDialog, type CancelTarget } from './CancelBidsDialog.tsx';

const standingLabel = {
  winner: 'ui.staff.bids.status_winner',
  outbid: 'ui.staff.bids.status_outbid',
  won: 'ui.staff.bids.status_won',
  lost: 'ui.staff.bids.status_lost',
} as const;
const standingColour: Record<keyof typeof standingLabel, string> = {
  winner: 'green',
  outbid: 'gray',
  won: 'wine',
  lost: 'gray',
};

/**
 * Issue 33 "Bid cancel and manual award", on the staff's lot page: each bidder's standing and every
 * bid row (the cancelled ones marked), cancelling one bid or all of a bidder's with a reason (the price
 * and leader before and after shown once done), and awarding the lot to a registered buyer.
 */
export function LotBids({ lot }: { lot: StaffLotDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const bids = useQuery(staffLotBidsQuery(lot.id));
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const [awarding, setAwarding] = useState(false);
  const [result, setResult] = useState<BidCancelResult | null>(null);
  const closedUnsold = lot.status === 'unsold';
  const awardable = lot.status === 'open' || lot.status === 'upcoming' || closedUnsold;
  const cancellable = lot.status === 'open' || closedUnsold;
  const refresh = () =>
    Promise.all([
      invalidateAction(queryClient, 'staffLotBids'),
      invalidateAction(queryClient, 'staffLot'),
      invalidateAction(queryClient, 'staffLots'),
    ]);

  const nameIn = (data: StaffLotBids, id: string | null) =>
    id === null ? t('ui.staff.bids.nobody') : (data.bidders.find((b) => b.bidderId === id)?.name ?? id);
  const leading = (data: StaffLotBids) =>
    data.bidders.find((b) => b.status === 'winner' || b.status === 'won');

  return (
    <Container size="lg" pb="xl">
      <Card withBorder component="section" aria-labelledby="lot-bids" data-testid="lot-bids">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg" id="lot-bids">
            {t('ui.staff.bids.title')}
          </Title>
          {awardable ? (
            <Button size="xs" variant="default" onClick={() => setAwarding(true)} data-testid="award-lot">
              {t('ui.staff.bids.award')}
            </Button>
          ) : null}
        </Group>
        <QueryState query={bids} label={t('ui.staff.bids.loading')} error="alert">
          {(data) => (
            <Stack gap="md">
              {result ? (
                <Alert color="green" data-testid="cancel-result">
                  {t('ui.staff.bids.cancelledResult', {
                    count: result.cancelled,
                    before: formatMoney(result.before.price),
                    after: formatMoney(result.after.price),
                    beforeLeader: nameIn(data, result.before.leaderId),
                    afterLeader: nameIn(data, result.after.leaderId),
                  })}
                </Alert>
              ) : null}
              {data.bidders.length === 0 ? (
                <Text c="dimmed" data-testid="no-bids">
                  {t('ui.staff.bids.none')}
                </Text>
              ) : (
                <>
                  <Title order={3} fz="md">
                    {t('ui.staff.bids.bidders')}
                  </Title>
                  <Table.ScrollContainer minWidth={520}>
                    <Table verticalSpacing="xs" data-testid="lot-bidders">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('ui.staff.bids.bidder')}</Table.Th>
                          <Table.Th>{t('ui.staff.bids.standing')}</Table.Th>
                          <Table.Th ta="right">{t('ui.staff.bids.max')}</Table.Th>
                          <Table.Th ta="right">{t('ui.staff.bids.count')}</Table.Th>
                          <Table.Th />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.bidders.map((b) => {
                          const status = b.status as keyof typeof standingLabel;
                          return (
                            <Table.Tr key={b.bidderId} data-testid="lot-bidder" data-bidder-id={b.bidderId}>
                              <Table.Td>{b.name}</Table.Td>
                              <Table.Td>
                                <Badge variant="light" color={standingColour[status] ?? 'gray'}>
                                  {t(standingLabel[status] ?? standingLabel.outbid)}
                                </Badge>
                              </Table.Td>
                              <Table.Td ta="right">{formatMoney(b.maxBid)}</Table.Td>
                              <Table.Td ta="right">{b.bids}</Table.Td>
                              <Table.Td ta="right">
                                {cancellable && b.maxBid > 0 ? (
                                  <Button
                                    size="compact-xs"
                                    variant="light"
                                    color="red"
                                    aria-label={t('ui.staff.bids.cancelBidder', { name: b.name })}
                                    onClick={() => setCancelling({ bidderId: b.bidderId, name: b.name })}
                                  >
                                    {t('ui.staff.bids.cancel')}
                                  </Button>
                                ) : null}
                              </Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                  <Title order={3} fz="md">
                    {t('ui.staff.bids.history')}
                  </Title>
                  <Table.ScrollContainer minWidth={560}>
                    <Table verticalSpacing={4} striped data-testid="lot-bid-rows">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('ui.staff.bids.at')}</Table.Th>
                          <Table.Th>{t('ui.staff.bids.bidder')}</Table.Th>
                          <Table.Th ta="right">{t('ui.staff.bids.amount')}</Table.Th>
                          <Table.Th ta="right">{t('ui.staff.bids.max')}</Table.Th>
                          <Table.Th />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.records.map((row) => (
                          <Table.Tr
                            key={row.bidId}
                            data-testid="lot-bid-row"
                            style={row.declined ? { textDecoration: 'line-through' } : undefined}
                          >
                            <Table.Td>
                              <Text size="sm">
                                <DateTime iso={row.at} withTime />
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">
                                {row.bidderName}{' '}
                                <Text span size="xs" c="dimmed">
                                  {t(row.proxy ? 'ui.staff.bids.kindProxy' : 'ui.staff.bids.kindOwn')}
                                </Text>
                              </Text>
                            </Table.Td>
                            <Table.Td ta="right">{formatMoney(row.amount)}</Table.Td>
                            <Table.Td ta="right">{formatMoney(row.maxAmount)}</Table.Td>
                            <Table.Td ta="right">
                              {row.declined ? (
                                <Badge size="xs" color="red" variant="light">
                                  {t('ui.staff.bids.cancelled')}
                                </Badge>
                              ) : cancellable && !row.proxy ? (
                                <Button
                                  size="compact-xs"
                                  variant="subtle"
                                  color="red"
                                  aria-label={t('ui.staff.bids.cancelBid', {
                                    name: row.bidderName,
                                    amount: formatMoney(row.amount),
                                  })}
                                  onClick={() =>
                                    setCancelling({
                                      bidId: row.bidId,
                                      bidderId: row.bidderId,
                                      name: row.bidderName,
                                    })
                                  }
                                >
                                  {t('ui.staff.bids.cancelOne')}
                                </Button>
                              ) : null}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </>
              )}
              {cancelling ? (
                <CancelBidsDialog
                  target={cancelling}
                  now={{
                    // The newest row that stands is the lot's price.
                    price: formatMoney(data.records.find((r) => !r.declined)?.amount ?? 0),
                    leader: leading(data)?.name ?? t('ui.staff.bids.nobody'),
                  }}
                  reopen={closedUnsold}
                  onClose={() => setCancelling(null)}
                  onSubmit={async (input) => {
                    const { message, responseData } = await callForMessage('bidCancel', {
                      id: lot.id,
                      ...input,
                    });
                    setResult(responseData);
                    pushAlert({ msg: messageOr(message, t('ui.staff.bids.cancelDone')), type: 'success' });
                    await refresh();
                  }}
                />
              ) : null}
              {awarding ? (
                <AwardLotDialog
                  title={lot.fields.title}
                  bidders={data.bidders}
                  onClose={() => setAwarding(false)}
                  onSubmit={async (input) => {
                    const { message, responseData } = await callForMessage('manualAward', {
                      id: lot.id,
                      ...input,
                    });
                    pushAlert({
                      msg: messageOr(
                        message,
                        t('ui.staff.bids.awardDone', {
                          name: nameIn(data, responseData.winnerId),
                          price: formatMoney(responseData.hammerPrice),
                        }),
                      ),
                      type: 'success',
                    });
                    await refresh();
                  }}
                />
              ) : null}
            </Stack>
          )}
        </QueryState>
      </Card>
    </Container>
  );
}

import { Badge, Button, Center, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import type { BidHistoryRow } from '@wine/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';

/** seeds 000 §2.7 / §9: 10 rows a page. */
const PAGE_SIZE = 10;

type State =
  | { kind: 'loading' }
  | { kind: 'loaded'; records: BidHistoryRow[]; total: number }
  | { kind: 'failed'; message: string };

export interface BidHistoryProps {
  lotId: string;
  /** The lot's bid count: a change reloads the open page. */
  bidCount: number;
}

/** seeds 000 §2.7: View Bid History opens the history, own rows 'My Bid', others 'Other', 10 a page. */
export function BidHistory({ lotId, bidCount }: BidHistoryProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!opened) return;
    const controller = new AbortController();
    setState((s) => (s.kind === 'loaded' ? s : { kind: 'loading' }));
    // A new bid (bidCount) reloads the page that is open.
    void bidCount;
    call('bidHistory', { id: lotId, page, limit: PAGE_SIZE }, { signal: controller.signal })
      .then(({ records, totalRecords }) => setState({ kind: 'loaded', records, total: totalRecords }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [opened, lotId, page, bidCount]);

  return (
    <>
      <Button variant="subtle" px={0} onClick={() => setOpened(true)} data-testid="view-bid-history">
        {t('ui.bidHistory.view')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('ui.bidHistory.title')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('ui.common.close') }}
      >
        {state.kind === 'loading' ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t('ui.bidHistory.loading')} />
          </Center>
        ) : state.kind === 'failed' ? (
          <Text c="red.8" role="alert">
            {state.message}
          </Text>
        ) : state.records.length === 0 ? (
          <Text c="dimmed">{t('ui.bidHistory.none')}</Text>
        ) : (
          <Stack gap="md">
            <Table striped data-testid="bid-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('ui.bidHistory.bidder')}</Table.Th>
                  <Table.Th scope="col">{t('ui.bidHistory.amount')}</Table.Th>
                  <Table.Th scope="col">{t('ui.bidHistory.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.records.map((row) => (
                  <Table.Tr key={row.id} data-mine={row.mine || undefined}>
                    <Table.Td>
                      {row.mine ? t('ui.bidHistory.myBid') : t('ui.bidHistory.other')}
                      {row.proxy ? (
                        <Badge
                          size="xs"
                          variant="light"
                          color="gray"
                          ml={6}
                          title={t('ui.bidHistory.autoTitle')}
                        >
                          {t('ui.bidHistory.auto')}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{formatMoney(row.proposed_amount)}</Table.Td>
                    <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {state.total > PAGE_SIZE ? (
              <Pagination
                total={Math.ceil(state.total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                siblings={3}
                boundaries={2}
                aria-label={t('ui.bidHistory.pages')}
              />
            ) : null}
          </Stack>
        )}
      </Modal>
    </>
  );
}

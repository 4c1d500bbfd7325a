import { Badge, Center, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bidHistoryQuery } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { DateTime } from '../DateTime/DateTime.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';

/** seeds 000 §2.7 / §9: 10 rows a page. */
const PAGE_SIZE = 10;

/** The history of one lot, page by page (BidHistory.tsx opens it; it loads when first opened). */
export function BidHistoryModal({
  lotId,
  opened,
  onClose,
}: {
  lotId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // Loaded when opened; another page keeps the last one on screen until it arrives.
  const history = useQuery({
    ...bidHistoryQuery({ id: lotId, page, limit: PAGE_SIZE }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('ui.bidHistory.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <QueryState
        query={history}
        loader={
          <Center py="lg">
            <Loader size="sm" aria-label={t('ui.bidHistory.loading')} />
          </Center>
        }
      >
        {(data) =>
          data.records.length === 0 ? (
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
                  {data.records.map((row) => (
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
                      <Table.Td>
                        <DateTime iso={row.created_at} withTime />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {data.totalRecords > PAGE_SIZE ? (
                <Pagination
                  total={Math.ceil(data.totalRecords / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  siblings={3}
                  boundaries={2}
                  aria-label={t('ui.bidHistory.pages')}
                />
              ) : null}
            </Stack>
          )
        }
      </QueryState>
    </Modal>
  );
}

import { Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { SellerLotDetail } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { DateTime } from '../DateTime/DateTime.tsx';

/**
 * How a seller's lot is doing (issue 33 "Sellers"): its bids, watchers and views (`lot_views`), and the
 * bids one by one — each bidder a number on this lot, never a name.
 */
export function SellerLotStats({ lot }: { lot: SellerLotDetail }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'bids', label: t('ui.staff.seller.bids'), value: lot.bidCount },
    { key: 'watchers', label: t('ui.staff.seller.watchers'), value: lot.watchers },
    { key: 'views', label: t('ui.staff.seller.views'), value: lot.views },
  ];
  return (
    <Container size="lg" pb="xl">
      <Card withBorder component="section" aria-labelledby="seller-lot-stats">
        <Title order={2} fz="lg" id="seller-lot-stats" mb="sm">
          {t('ui.staff.seller.howItIsDoing')}
        </Title>
        <SimpleGrid cols={3} mb="md">
          {figures.map((figure) => (
            <Stack key={figure.key} gap={0} data-testid={`seller-lot-${figure.key}`}>
              <Text size="xl" fw={700}>
                {figure.value}
              </Text>
              <Text size="sm" c="dimmed">
                {figure.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {lot.bids.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ui.staff.seller.noBids')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped data-testid="seller-lot-bid-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ui.staff.seller.bidder')}</Table.Th>
                  <Table.Th ta="right">{t('ui.staff.seller.amount')}</Table.Th>
                  <Table.Th>{t('ui.staff.seller.when')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lot.bids.map((bid) => (
                  <Table.Tr key={`${bid.at}:${bid.bidder}:${bid.amount}`}>
                    <Table.Td>
                      <Group gap="xs">
                        {t('ui.staff.seller.bidderNumber', { number: bid.bidder })}
                        {bid.leads ? (
                          <Text span size="xs" c="green.8" fw={600}>
                            {t('ui.staff.seller.leading')}
                          </Text>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(bid.amount)}</Table.Td>
                    <Table.Td>
                      <DateTime iso={bid.at} withTime />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Container>
  );
}

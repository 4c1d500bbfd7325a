import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import classes from './Investing.module.css';
import { InvestingCard } from './InvestingCard.tsx';
import { holdingsQuery } from './investing-forms.ts';
import { holdingStatusLabel } from './investing-labels.ts';

/**
 * The investor's holdings as North Capital has them now (getStbids): each security-token bid with its
 * status there (funds returned from its dashboard included), and the totals placed, funded and settled.
 */
export function HoldingsCard() {
  const { t } = useTranslation();
  const holdings = useQuery(holdingsQuery());
  return (
    <InvestingCard name="investor-holdings" title={t('ui.investing.holdingsTitle')}>
      <QueryState query={holdings} label={t('ui.investing.holdingsLoading')} error="alert">
        {({ bids, totals }) => (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="investor-holdings-totals">
              {(
                [
                  ['ui.investing.totalPlaced', formatMoney(totals.created)],
                  ['ui.investing.totalFunded', formatMoney(totals.funded)],
                  ['ui.investing.totalSettled', formatMoney(totals.settled)],
                  ['ui.investing.totalUnits', String(totals.settled_units)],
                ] as const
              ).map(([label, value]) => (
                <Stack key={label} gap={0}>
                  <Text size="xs" c="dimmed">
                    {t(label)}
                  </Text>
                  <Text fw={700}>{value}</Text>
                </Stack>
              ))}
            </SimpleGrid>
            {bids.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="investor-holdings-empty">
                {t('ui.investing.noHoldings')}
              </Text>
            ) : (
              <ul className={classes.orders}>
                {bids.map((bid) => {
                  const status = holdingStatusLabel[bid.status];
                  return (
                    <li key={bid.trade_id} data-testid="investor-holding" data-status={bid.status}>
                      <Stack gap={2} className={classes.name}>
                        <Text size="sm" fw={600}>
                          {t('ui.investing.orderUnits', { units: bid.units })} · {formatMoney(bid.amount)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('ui.investing.holdingOf', { id: bid.trade_id, offering: bid.offering_id })}
                        </Text>
                      </Stack>
                      <Group gap="xs">
                        <Badge color={status.color} variant="light">
                          {t(status.label)}
                        </Badge>
                      </Group>
                    </li>
                  );
                })}
              </ul>
            )}
          </Stack>
        )}
      </QueryState>
    </InvestingCard>
  );
}

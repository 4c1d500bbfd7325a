import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import type { PricePoint } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { priceChart, shortId } from './history-view.ts';

/** The lot's price over time, one line per bidder (DOMAIN.md "Audit"). */
export function PriceChart({ prices }: { prices: readonly PricePoint[] }) {
  const { t } = useTranslation();
  const chart = priceChart(prices, (id) => t('ui.auditHistory.bidder', { id: shortId(id) }));
  return (
    <Card component="section" withBorder aria-labelledby="price-chart-title" data-testid="price-chart">
      <Title order={2} fz="lg" id="price-chart-title" mb="sm">
        {t('ui.auditHistory.chartTitle')}
      </Title>
      {prices.length === 0 ? (
        <Text c="dimmed">{t('ui.auditHistory.chartEmpty')}</Text>
      ) : (
        <LineChart
          h={280}
          data={chart.data}
          dataKey="time"
          series={chart.series}
          connectNulls
          curveType="stepAfter"
          withLegend
          valueFormatter={(cents) => formatMoney(cents)}
          yAxisProps={{ width: 90 }}
          xAxisProps={{ tick: { fontSize: 11 } }}
        />
      )}
    </Card>
  );
}

import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';

export interface WeeklyChartProps {
  from: string;
  to: string;
  asOf?: string | undefined;
}

/** Sales (hammer and buy-now lines) and buyer's premium by week, for the same range and instant. */
export function WeeklyChart({ from, to, asOf }: WeeklyChartProps) {
  const { t } = useTranslation();
  const input = { from, to, limit: 500, ...(asOf && { asOf }) };
  const weeks = useQuery({
    queryKey: ['getWeeklySales', input],
    queryFn: ({ signal }) => call('getWeeklySales', input, { signal }),
  });
  const data = (weeks.data?.records ?? []).map((r) => ({
    week: formatDate(String(r.week)),
    sales: Number(r.sales) / 100,
    premium: Number(r.premium) / 100,
  }));
  return (
    <Card component="section" withBorder aria-labelledby="weekly-chart-title" data-testid="weekly-chart">
      <Title order={2} fz="lg" id="weekly-chart-title" mb="sm">
        {t('ui.reports.chartTitle')}
      </Title>
      {weeks.isPending ? (
        <Loader size="sm" aria-label={t('ui.reports.loading')} />
      ) : data.length === 0 ? (
        <Text c="dimmed">{t('ui.reports.chartEmpty')}</Text>
      ) : (
        <BarChart
          h={260}
          data={data}
          dataKey="week"
          withLegend
          series={[
            { name: 'sales', label: t('ui.reports.sales'), color: 'burgundy.7' },
            { name: 'premium', label: t('ui.reports.premium'), color: 'gold.6' },
          ]}
          valueFormatter={(dollars) => formatMoney(Math.round(dollars * 100))}
          yAxisProps={{ width: 90 }}
        />
      )}
    </Card>
  );
}

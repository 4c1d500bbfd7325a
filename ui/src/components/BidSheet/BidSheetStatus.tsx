import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { BidSheetLineView, BidSheetView } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import classes from './BidSheet.module.css';

const colours: Record<BidSheetLineView['status'], string> = {
  waiting: 'gray',
  bidding: 'blue',
  won: 'green',
  lost: 'red',
  skipped: 'gray',
  refused: 'orange',
};

/** Where one line stands, in the bidder's words. */
export function LineStatus({ line }: { line: BidSheetLineView }) {
  const { t } = useTranslation();
  const money = (cents: number | null) => formatMoney(cents ?? 0);
  const text = (() => {
    switch (line.status) {
      case 'waiting':
        return t('ui.bidSheet.statuses.waiting');
      case 'bidding':
        return line.cap !== null && line.cap < line.max
          ? t('ui.bidSheet.statuses.biddingPartly', { cap: money(line.cap) })
          : t('ui.bidSheet.statuses.bidding', { cap: money(line.cap) });
      case 'won':
        return t('ui.bidSheet.statuses.won', { amount: money(line.amount), premium: money(line.premium) });
      case 'lost':
        return t('ui.bidSheet.statuses.lost');
      case 'skipped':
        return t('ui.bidSheet.statuses.skipped');
      case 'refused':
        return t('ui.bidSheet.statuses.refused', { code: line.refused_code ?? '' });
      default: {
        const _exhaustive: never = line.status;
        return _exhaustive;
      }
    }
  })();
  return (
    <Badge
      color={colours[line.status]}
      variant="light"
      className={classes.status}
      data-testid={`line-status-${line.lot_id}`}
    >
      {text}
    </Badge>
  );
}

/** The limit, what is committed of it (bids placed and lots won, with the premium) and what remains. */
export function LimitSummary({ sheet }: { sheet: BidSheetView }) {
  const { t } = useTranslation();
  const share = sheet.limit > 0 ? Math.min(100, (sheet.committed / sheet.limit) * 100) : 0;
  return (
    <Paper withBorder p="md" aria-labelledby="bid-sheet-summary" data-testid="bid-sheet-summary">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="bid-sheet-summary">
          {t('ui.bidSheet.summary.title')}
        </Title>
        <Group justify="space-between">
          <Text size="sm">{t('ui.bidSheet.summary.limit')}</Text>
          <Text fw={600} data-testid="sheet-limit">
            {formatMoney(sheet.limit)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">{t('ui.bidSheet.summary.committed')}</Text>
          <Text fw={600} data-testid="sheet-committed">
            {formatMoney(sheet.committed)}
          </Text>
        </Group>
        <Progress value={share} aria-label={t('ui.bidSheet.summary.progress')} />
        <Group justify="space-between">
          <Text fw={600}>{t('ui.bidSheet.summary.remaining')}</Text>
          <Text fw={700} fz="lg" data-testid="sheet-remaining">
            {formatMoney(sheet.remaining)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

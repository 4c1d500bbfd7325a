import { Container, Tabs, Text, Title } from '@mantine/core';
import { type LotView, setDisp } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveLots } from '../../state/live-lots.ts';
import { QuickView } from '../LotDrawer/QuickView.tsx';
import { LotGrid } from '../LotGrid/LotGrid.tsx';
import { Pager } from '../Pager/Pager.tsx';

export interface MyLotsProps {
  title: string;
  /** The tabs of the listing (seeds 000 §2.3: /auctions/:type, /watchlist/:type share one screen). */
  tabs?: readonly { value: string; label: string }[];
  tab?: string;
  onTab?: (value: string) => void;
  records: LotView[];
  totalRecords: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: string;
  refetch: () => void;
}

/**
 * A signed-in user's lots (bids, watchlist, purchases: seeds 000 §2.3 "these three share one listing
 * screen"), kept live: prices, closes and the user's own standing.
 */
export function MyLots({
  title,
  tabs,
  tab,
  onTab,
  records,
  totalRecords,
  page,
  pageSize,
  onPage,
  empty,
  refetch,
}: MyLotsProps) {
  const { t } = useTranslation();
  const [quickView, setQuickView] = useState<string | null>(null);
  const lots = useLiveLots(records, { belongsHere: () => false, refetch });
  const pages = Math.max(1, Math.ceil(totalRecords / pageSize));
  // seeds 000 §3.2 setDisp: which of them this page shows ('Showing 26-40 of 40'), once there are pages.
  const caption = pages > 1 ? setDisp(Math.min(page, pages), pageSize, records.length, totalRecords) : '';
  return (
    <Container py="xl">
      <Title order={1} mb="xs">
        {title}
      </Title>
      <Text c="dimmed" mb="md">
        <span data-testid="total-records">{totalRecords}</span>{' '}
        {t(totalRecords === 1 ? 'ui.myLots.lot' : 'ui.myLots.lots')}
        {caption ? (
          <>
            {' · '}
            <span data-testid="set-disp">{caption}</span>
          </>
        ) : null}
      </Text>
      {tabs && onTab ? (
        <Tabs value={tab ?? null} onChange={(value) => value && onTab(value)} mb="lg">
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}
      <LotGrid lots={lots} label={title} empty={empty} onQuickView={setQuickView} />
      {/* The shared pager: its first, previous, next and last buttons are named (axe button-name). */}
      <Pager page={page} pageSize={pageSize} totalRecords={totalRecords} onPage={onPage} />
      <QuickView lotId={quickView} onClose={() => setQuickView(null)} />
    </Container>
  );
}

import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StaffLotRow } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffLotsQuery } from '../../api/queries.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useOptionSearch } from '../../lib/option-search.ts';
import { Pager } from '../Pager/Pager.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';

export interface PickedLot {
  id: string;
  title: string;
}

const PICK_PAGE_SIZE = 50;

/** Why a lot cannot be added here, or null (the server checks the same and more when the order is saved). */
function refusal(row: StaffLotRow, auctionId: string, chosen: Set<string>): 'inThis' | 'inOther' | null {
  if (chosen.has(row.id) || row.auctionId === auctionId) return 'inThis';
  if (row.auctionId) return 'inOther';
  return null;
}

/**
 * Picks open auction lots to add at the end of the auction's order: a search, a page at a time, each
 * lot (or the whole page) ticked; lots of this or another auction are shown but cannot be ticked.
 */
export function PickLotsDialog({
  opened,
  auctionId,
  chosen,
  onClose,
  onAdd,
}: {
  opened: boolean;
  auctionId: string;
  chosen: string[];
  onClose: () => void;
  onAdd: (lots: PickedLot[]) => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'upcoming'>('open');
  const [text, setText] = useState('');
  // seeds 001 §9: the options are asked 1.5 s after the last key (option search debounce).
  const q = useOptionSearch(text);
  const [page, setPage] = useState(1);
  const [ticked, setTicked] = useState<Map<string, PickedLot>>(new Map());
  const taken = new Set(chosen);
  const list = useQuery({
    ...staffLotsQuery({ status, ...(q ? { text: q } : {}), page, limit: PICK_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled: opened,
  });
  const eligible = (list.data?.records ?? []).filter((row) => row.auction && !refusal(row, auctionId, taken));
  const allTicked = eligible.length > 0 && eligible.every((row) => ticked.has(row.id));
  const toggle = (rows: StaffLotRow[], on: boolean) => {
    const next = new Map(ticked);
    for (const row of rows) {
      if (on) next.set(row.id, { id: row.id, title: row.title });
      else next.delete(row.id);
    }
    setTicked(next);
  };
  const close = () => {
    setTicked(new Map());
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('ui.staff.auctions.pickTitle')} size="lg">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SegmentedControl
            data={[
              { value: 'open', label: t('ui.staff.lots.status_open') },
              { value: 'upcoming', label: t('ui.staff.lots.status_upcoming') },
            ]}
            value={status}
            onChange={(value) => {
              setStatus(value as 'open' | 'upcoming');
              setPage(1);
            }}
          />
          <TextInput
            aria-label={t('ui.staff.auctions.pickSearch')}
            placeholder={t('ui.staff.auctions.pickSearch')}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setPage(1);
            }}
            maxLength={100}
            style={{ flex: '1 1 200px' }}
            data-testid="pick-search"
          />
        </Group>
        <QueryState query={list} label={t('ui.staff.auctions.pickLoading')} keepData error="alert">
          {(data) =>
            data.records.length === 0 ? (
              <Text c="dimmed">{t('ui.staff.auctions.pickEmpty')}</Text>
            ) : (
              <Stack gap={6}>
                <Checkbox
                  label={t('ui.staff.auctions.pickAll')}
                  checked={allTicked}
                  disabled={eligible.length === 0}
                  onChange={(event) => toggle(eligible, event.currentTarget.checked)}
                  data-testid="pick-all"
                />
                {data.records.map((row) => {
                  const why = row.auction ? refusal(row, auctionId, taken) : null;
                  return (
                    <Group key={row.id} gap="sm" wrap="nowrap" align="flex-start" data-testid="pick-row">
                      <Checkbox
                        aria-label={t('ui.staff.auctions.pickLot', { title: row.title })}
                        checked={ticked.has(row.id)}
                        disabled={!row.auction || why !== null}
                        onChange={(event) => toggle([row], event.currentTarget.checked)}
                        mt={2}
                      />
                      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={600} lineClamp={1}>
                          {row.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[row.producer, row.sku, formatMoney(row.openingBid), formatDateTime(row.closesAt)]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      </Stack>
                      {!row.auction ? (
                        <Badge size="xs" variant="outline" color="gray">
                          {t('ui.staff.lots.kindBuyNow')}
                        </Badge>
                      ) : why === 'inOther' ? (
                        <Badge size="xs" variant="light" color="gray">
                          {t('ui.staff.auctions.inOther', { id: row.auctionId })}
                        </Badge>
                      ) : why === 'inThis' ? (
                        <Badge size="xs" variant="light">
                          {t('ui.staff.auctions.inThis')}
                        </Badge>
                      ) : null}
                    </Group>
                  );
                })}
                <Pager
                  page={page}
                  pageSize={PICK_PAGE_SIZE}
                  totalRecords={data.totalRecords}
                  onPage={setPage}
                />
              </Stack>
            )
          }
        </QueryState>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('ui.staff.auctions.cancel')}
          </Button>
          <Button
            disabled={ticked.size === 0}
            onClick={() => {
              onAdd([...ticked.values()]);
              setTicked(new Map());
            }}
            data-testid="pick-add"
          >
            {t('ui.staff.auctions.pickAdd', { count: ticked.size })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

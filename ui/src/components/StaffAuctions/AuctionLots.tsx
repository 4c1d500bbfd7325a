import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type StaffAuctionDetail, staggeredSchedule } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { REORDER_HOLD } from '../LotPhotos/LotPhotos.tsx';
import { type PickedLot, PickLotsDialog } from './PickLotsDialog.tsx';

/** A lot as the arrangement shows it: what it is, and where it stands now when it is placed already. */
interface ArrangedLot {
  id: string;
  title: string;
  placed?: StaffAuctionDetail['lots'][number];
}

/** How a placed lot that is no longer open has ended (the staff list's words). */
const endedLabel = {
  closed: 'ui.staff.lots.status_withdrawn',
  sold: 'ui.staff.lots.status_sold',
  unsold: 'ui.staff.lots.status_unsold',
} as const;

/** The minutes of a timeline: each minute's close and the first and last lot numbers closing then. */
export function timelineOf(schedule: { lotNumber: string; closesAt: string }[]) {
  const minutes: { at: string; from: string; to: string }[] = [];
  for (const lot of schedule) {
    const last = minutes.at(-1);
    if (last && last.at === lot.closesAt) last.to = lot.lotNumber;
    else minutes.push({ at: lot.closesAt, from: lot.lotNumber, to: lot.lotNumber });
  }
  return minutes;
}

/**
 * The auction's lots in catalogue order (issue 33): drag to reorder, remove, add open auction lots,
 * and the closes each would get (the same staggered schedule the server records) shown before saving.
 * Once the auction has opened, placed lots keep their places and new ones go after the last.
 */
export function AuctionLots({ auction, now }: { auction: StaffAuctionDetail; now: Date }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const initial = useMemo<ArrangedLot[]>(
    () => auction.lots.map((lot) => ({ id: lot.id, title: lot.title, placed: lot })),
    [auction.lots],
  );
  const [order, setOrder] = useState(initial);
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const opened = Date.parse(auction.fields.startsAt) <= now.getTime();
  const placedIds = new Set(initial.map((l) => l.id));
  const schedule = staggeredSchedule(
    auction.fields,
    order.map((l) => l.id),
  );
  const changed = order.length !== initial.length || order.some((lot, i) => lot.id !== initial[i]?.id);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { delay: REORDER_HOLD.mouseMs, tolerance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: REORDER_HOLD.touchMs, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((l) => l.id === active.id);
    const to = order.findIndex((l) => l.id === over.id);
    if (from >= 0 && to >= 0) setOrder(arrayMove(order, from, to));
  };
  const add = (picked: PickedLot[]) => {
    const have = new Set(order.map((l) => l.id));
    setOrder([...order, ...picked.filter((p) => !have.has(p.id))]);
    setPicking(false);
  };
  const save = async () => {
    setFailure(null);
    setSaving(true);
    try {
      const { message, responseData } = await callForMessage('arrangeAuction', {
        id: auction.id,
        lotIds: order.map((l) => l.id),
      });
      pushAlert({
        msg: messageOr(message, t('ui.staff.auctions.orderSaved', { count: responseData.scheduled })),
        type: 'success',
      });
      await Promise.all([
        invalidateAction(queryClient, 'staffAuction'),
        invalidateAction(queryClient, 'staffAuctions'),
        invalidateAction(queryClient, 'staffLots'),
      ]);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const minutes = timelineOf(schedule);
  const first = schedule[0];
  const last = schedule.at(-1);

  return (
    <Card withBorder component="section" aria-labelledby="auction-lots" data-testid="auction-lots">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} fz="lg" id="auction-lots">
          {t('ui.staff.auctions.order')}
        </Title>
        <Button variant="default" size="xs" onClick={() => setPicking(true)} data-testid="add-lots">
          {t('ui.staff.auctions.addLots')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {opened ? t('ui.staff.auctions.orderLocked') : t('ui.staff.auctions.orderHint')}
      </Text>
      {order.length === 0 ? (
        <Text c="dimmed" data-testid="auction-no-lots">
          {t('ui.staff.auctions.noLots')}
        </Text>
      ) : (
        <>
          {first && last ? (
            <Card bg="var(--mantine-color-gray-0)" padding="sm" mb="sm" data-testid="auction-timeline">
              <Text size="sm" fw={600}>
                {t('ui.staff.auctions.timeline')}
              </Text>
              <Text size="sm">
                {t('ui.staff.auctions.timelineSummary', {
                  count: schedule.length,
                  from: formatDateTime(first.closesAt),
                  to: formatDateTime(last.closesAt),
                  perMinute: auction.fields.lotsPerMinute,
                })}
              </Text>
              <List size="xs" mt={4} spacing={0} c="dimmed">
                {minutes.slice(0, 8).map((m) => (
                  <List.Item key={m.at}>
                    {m.from === m.to
                      ? t('ui.staff.auctions.timelineMinuteOne', { at: formatDateTime(m.at), from: m.from })
                      : t('ui.staff.auctions.timelineMinute', {
                          at: formatDateTime(m.at),
                          from: m.from,
                          to: m.to,
                        })}
                  </List.Item>
                ))}
                {minutes.length > 8 ? <List.Item>…</List.Item> : null}
              </List>
            </Card>
          ) : null}
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={order.map((l) => l.id)} strategy={verticalListSortingStrategy}>
              <Stack
                gap={6}
                component="ol"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                data-testid="auction-order"
              >
                {order.map((lot, index) => (
                  <SortableLot
                    key={lot.id}
                    lot={lot}
                    planned={schedule[index] as { lotNumber: string; closesAt: string }}
                    locked={opened && placedIds.has(lot.id)}
                    onRemove={() => setOrder(order.filter((l) => l.id !== lot.id))}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        </>
      )}
      {changed ? (
        <Alert color="yellow" mt="sm" data-testid="auction-unsaved">
          {t('ui.staff.auctions.unsaved')}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" mt="sm" data-testid="auction-order-failure">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="sm">
        <Button onClick={() => void save()} loading={saving} disabled={!changed} data-testid="save-order">
          {t('ui.staff.auctions.saveOrder')}
        </Button>
      </Group>
      <PickLotsDialog
        opened={picking}
        auctionId={auction.id}
        chosen={order.map((l) => l.id)}
        onClose={() => setPicking(false)}
        onAdd={add}
      />
    </Card>
  );
}

function SortableLot({
  lot,
  planned,
  locked,
  onRemove,
}: {
  lot: ArrangedLot;
  planned: { lotNumber: string; closesAt: string };
  locked: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: lot.id,
    disabled: locked,
  });
  const style = {
    transform: CSS.Transform.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : 1,
  };
  // A lot placed before the opening keeps its close, which bids may have extended.
  const closesAt = locked && lot.placed ? lot.placed.closesAt : planned.closesAt;
  return (
    <Card
      component="li"
      ref={setNodeRef}
      style={style}
      withBorder
      padding="xs"
      data-testid="auction-lot"
      data-lot-id={lot.id}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={locked}
          aria-label={t('ui.staff.auctions.dragHandle', { title: lot.title })}
          style={{ cursor: locked ? 'default' : 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          ⠿
        </ActionIcon>
        <Text fw={700} size="sm" w={36} ta="right" data-testid="auction-lot-number">
          {planned.lotNumber}
        </Text>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <AnchorLink to="/admin/lots/$id" params={{ id: lot.id }} size="sm" fw={600} lineClamp={2}>
            {lot.title}
          </AnchorLink>
          <Text size="xs" c="dimmed" data-testid="auction-lot-close">
            {t('ui.staff.auctions.plannedClose')} {formatDateTime(closesAt)}
            {lot.placed?.bidCount
              ? ` · ${t('ui.staff.auctions.bids', { count: lot.placed.bidCount })} · ${formatMoney(lot.placed.price)}`
              : ''}
          </Text>
        </Stack>
        {lot.placed && lot.placed.marketStatus !== 'open' ? (
          <Badge variant="light" color="gray" size="sm">
            {t(endedLabel[lot.placed.marketStatus as keyof typeof endedLabel] ?? endedLabel.closed)}
          </Badge>
        ) : null}
        <ActionIcon
          variant="subtle"
          color="red"
          disabled={locked}
          onClick={onRemove}
          aria-label={t('ui.staff.auctions.remove', { title: lot.title })}
        >
          ×
        </ActionIcon>
      </Group>
    </Card>
  );
}

import { Badge, Card, Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { BidBox } from './BidBox.tsx';
import classes from './LiveRoom.module.css';
import { type LiveRoomView, type RoomBid, sourceTexts, statusTexts } from './live-room.ts';

export interface LiveRoomProps {
  room: LiveRoomView;
  /** The socket dropped, or the last read of the room failed (what is shown is the last room known). */
  connectionLost: boolean;
}

/** Who made a bid, as the room tells it: you, the internet, or the floor's or phone's paddle. */
export function useBidSource() {
  const { t } = useTranslation();
  return (bid: RoomBid): string => {
    if (bid.mine) return t('ui.liveRoom.source.you');
    return t(sourceTexts[bid.source], { paddle: bid.paddle ?? '?' });
  };
}

const lotName = (t: (key: 'ui.liveRoom.lot', options: { number: string }) => string, n: string | null) =>
  n ? t('ui.liveRoom.lot', { number: n }) : null;

/**
 * Issue 37: the live room on /liveAuction/:aid: the lot on the block large (image, number, title),
 * the ask, the standing bid, fair warning, the bid box, the latest bids, the lots coming up, the
 * results so far and the auctioneer's messages. One column on a phone.
 */
export function LiveRoom({ room, connectionLost }: LiveRoomProps) {
  const { t } = useTranslation();
  const sourceOf = useBidSource();
  const lot = room.current_lot;
  return (
    <Container py="xl" data-testid="live-room">
      <AnchorLink to="/auction" size="sm">
        {t('ui.liveAuction.back')}
      </AnchorLink>
      <Group justify="space-between" align="baseline" mt="xs" mb="md" wrap="wrap">
        <Title order={1}>{room.title}</Title>
        <Badge
          size="lg"
          color={room.status === 'open' ? 'red' : 'gray'}
          variant={room.status === 'open' ? 'filled' : 'light'}
          data-testid="live-status"
        >
          {t(statusTexts[room.status])}
        </Badge>
      </Group>
      {room.status === 'paused' && room.pause_reason ? (
        <Text mb="md" data-testid="live-pause-reason">
          {t('ui.liveRoom.pausedBecause', { reason: room.pause_reason })}
        </Text>
      ) : null}
      <div className={classes.layout}>
        <Stack gap="lg">
          <Card withBorder component="section" aria-labelledby="live-current">
            <Title order={2} size="h4" id="live-current" mb="sm">
              {t('ui.liveRoom.currentLot')}
            </Title>
            {lot ? (
              <div className={classes.lot} data-testid="live-current-lot" data-lot-id={lot.lot_id}>
                {lot.image ? <Image src={lot.image} alt={lot.title} className={classes.image} /> : null}
                <Stack gap="sm">
                  {lot.lot_number ? (
                    <Text fw={700} c="dimmed" data-testid="live-lot-number">
                      {lotName(t, lot.lot_number)}
                    </Text>
                  ) : null}
                  <Title order={3} size="h2">
                    {lot.title}
                  </Title>
                  <Group gap="xl" wrap="wrap">
                    <div>
                      <Text size="sm" c="dimmed">
                        {t('ui.liveRoom.ask')}
                      </Text>
                      <Text size="xl" fw={700} className={classes.amount} data-testid="live-ask">
                        {lot.ask !== null ? formatMoney(lot.ask) : '—'}
                      </Text>
                    </div>
                    <div>
                      <Text size="sm" c="dimmed">
                        {t('ui.liveRoom.price')}
                      </Text>
                      <Text size="xl" fw={700} className={classes.amount} data-testid="live-price">
                        {lot.price !== null ? formatMoney(lot.price) : t('ui.liveRoom.noBid')}
                      </Text>
                    </div>
                  </Group>
                  {lot.fair_warning && !lot.hammer ? (
                    <Badge color="yellow" autoContrast size="xl" data-testid="live-fair-warning">
                      {t('ui.liveRoom.fairWarning')}
                    </Badge>
                  ) : null}
                  {lot.hammer ? (
                    <Badge color={lot.hammer.outcome === 'sold' ? 'green' : 'gray'} size="xl">
                      {lot.hammer.outcome === 'sold'
                        ? t('ui.liveRoom.sold', { amount: formatMoney(lot.hammer.amount ?? 0) })
                        : t('ui.liveRoom.passed')}
                    </Badge>
                  ) : null}
                  <BidBox room={room} connectionLost={connectionLost} />
                </Stack>
              </div>
            ) : (
              <Stack gap="sm">
                <Text c="dimmed">{t('ui.liveRoom.noLot')}</Text>
                <BidBox room={room} connectionLost={connectionLost} />
              </Stack>
            )}
          </Card>
          <Card withBorder component="section" aria-labelledby="live-bids">
            <Title order={2} size="h4" id="live-bids" mb="sm">
              {t('ui.liveRoom.bids')}
            </Title>
            {lot && lot.bids.length > 0 ? (
              <ul className={classes.list} data-testid="live-bids-list">
                {[...lot.bids].reverse().map((bid, i) => (
                  // Bids have no id of their own: their place from the newest is theirs.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is newest first, redrawn each read
                  <li key={`${lot.bids.length - i}`}>
                    <span>{sourceOf(bid)}</span>
                    <span className={classes.amount}>{formatMoney(bid.amount)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <Text c="dimmed" size="sm">
                {t('ui.liveRoom.noBids')}
              </Text>
            )}
          </Card>
        </Stack>
        <Stack gap="lg">
          <Card withBorder component="section" aria-labelledby="live-messages">
            <Title order={2} size="h4" id="live-messages" mb="sm">
              {t('ui.liveRoom.messages')}
            </Title>
            {room.messages.length > 0 ? (
              <ul className={classes.list} data-testid="live-messages-list">
                {[...room.messages].reverse().map((m) => (
                  <li key={`${m.at}:${m.text}`}>
                    <span>{m.text}</span>
                    <Text component="span" size="xs" c="dimmed">
                      {formatDateTime(m.at)}
                    </Text>
                  </li>
                ))}
              </ul>
            ) : (
              <Text c="dimmed" size="sm">
                {t('ui.liveRoom.noMessages')}
              </Text>
            )}
          </Card>
          <Card withBorder component="section" aria-labelledby="live-next">
            <Title order={2} size="h4" id="live-next" mb="sm">
              {t('ui.liveRoom.nextLots')}
            </Title>
            {room.next_lots.length > 0 ? (
              <ul className={classes.list} data-testid="live-next-list">
                {room.next_lots.map((next) => (
                  <li key={next.lot_id}>
                    <span>{next.title}</span>
                    <Text component="span" size="sm" c="dimmed">
                      {lotName(t, next.lot_number)}
                    </Text>
                  </li>
                ))}
              </ul>
            ) : (
              <Text c="dimmed" size="sm">
                {t('ui.liveRoom.noNextLots')}
              </Text>
            )}
            {room.lots_to_come > room.next_lots.length ? (
              <Text size="sm" c="dimmed" mt="xs">
                {t('ui.liveRoom.toCome', { count: room.lots_to_come })}
              </Text>
            ) : null}
          </Card>
          <Card withBorder component="section" aria-labelledby="live-results">
            <Title order={2} size="h4" id="live-results" mb="sm">
              {t('ui.liveRoom.results')}
            </Title>
            {room.results.length > 0 ? (
              <ul className={classes.list} data-testid="live-results-list">
                {room.results.map((r) => (
                  <li key={r.lot_id}>
                    <span>
                      {r.lot_number ? `${lotName(t, r.lot_number)} · ` : ''}
                      {r.title}
                    </span>
                    <Text component="span" size="sm" fw={600} className={classes.amount}>
                      {r.outcome === 'sold'
                        ? t('ui.liveRoom.resultSold', { amount: formatMoney(r.amount ?? 0) })
                        : r.outcome === 'passed'
                          ? t('ui.liveRoom.resultPassed')
                          : t('ui.liveRoom.resultOpen')}
                    </Text>
                  </li>
                ))}
              </ul>
            ) : (
              <Text c="dimmed" size="sm">
                {t('ui.liveRoom.noResults')}
              </Text>
            )}
          </Card>
        </Stack>
      </div>
    </Container>
  );
}

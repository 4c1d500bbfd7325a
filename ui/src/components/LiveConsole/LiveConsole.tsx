import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  Kbd,
  List,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ActionName, InputOf } from '@wine/contracts';
import { useStore } from 'jotai';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { dollarsToCents, formatMoney } from '../../lib/format.ts';
import { serverClockAtom } from '../../state/clock.ts';
import { TextArea } from '../FormFields/TextArea.tsx';
import { useBidSource } from '../LiveRoom/LiveRoom.tsx';
import { type LiveConsoleView, liveConsoleQuery, statusTexts } from '../LiveRoom/live-room.ts';
import { type ConsoleKey, consoleKeys, useShortcuts } from './shortcuts.ts';
import { type SoldWarning, soldWarningOf } from './sold-warning.ts';

type ConsoleAction =
  | 'liveOpenSale'
  | 'liveCallLot'
  | 'livePause'
  | 'liveResume'
  | 'liveMessage'
  | 'liveCloseSale'
  | 'liveAsk'
  | 'liveFloorBid'
  | 'liveFairWarning'
  | 'liveHammer'
  | 'liveUndo';

/** Sends one of the console's actions, then reads the console again; a refusal is told in the console. */
function useConsoleActions(auctionId: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ActionName | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async <N extends ConsoleAction>(name: N, input: InputOf<N>): Promise<boolean> => {
    setBusy(name);
    setFailure(null);
    try {
      await call(name, input);
      return true;
    } catch (error) {
      setFailure(errorMessage(error));
      return false;
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: liveConsoleQuery(auctionId).queryKey });
    }
  };
  return { send, busy, failure };
}

const PADDLE = /^\d{1,6}$/;

/** The leader's source, before their paddle. */
const leaderSourceTexts = {
  internet: 'ui.liveRoom.source.internet',
  floor: 'ui.liveRoom.console.floor',
  phone: 'ui.liveRoom.console.phone',
  absentee: 'ui.liveRoom.source.absentee',
  consignor: 'ui.liveRoom.source.consignor',
} as const;

/** A button of the console with its shortcut shown on it (and told to assistive technology). */
function KeyButton(props: {
  shortcut: ConsoleKey;
  onClick: () => void;
  disabled: boolean;
  color?: string;
  variant?: string;
  testId: string;
  children: ReactNode;
}) {
  const key = consoleKeys[props.shortcut];
  return (
    <Button
      onClick={props.onClick}
      disabled={props.disabled}
      color={props.color}
      variant={props.variant ?? 'filled'}
      // Dark text on the light fills (yellow): white on them fails the contrast a clerk's screen needs.
      autoContrast
      aria-keyshortcuts={key}
      rightSection={<Kbd size="xs">{key}</Kbd>}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}

export interface LiveConsoleProps {
  view: LiveConsoleView;
  /** The socket dropped, or the last read of the console failed. */
  connectionLost: boolean;
}

/**
 * Issue 37: the auctioneer's console: open the sale, the lot on the block with its ask (dollars,
 * Enter sends it in cents), the standing bid and its leader, floor and phone bids by paddle, fair
 * warning, sold, pass, undo with a reason, the next lot, pause and resume, a message to the room,
 * close; the bids missed after the hammer. Each of the lot's buttons has a key (not while typing). Sold
 * asks first when the latest bid came from the internet in the last LIVE_SOLD_WARNING_SECONDS.
 */
export function LiveConsole({ view, connectionLost }: LiveConsoleProps) {
  const { t } = useTranslation();
  const sourceOf = useBidSource();
  const { send, busy, failure } = useConsoleActions(view.auction_id);
  const askRef = useRef<HTMLInputElement>(null);
  const paddleRef = useRef<HTMLInputElement>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const [paddle, setPaddle] = useState('');
  const [source, setSource] = useState<'floor' | 'phone'>('floor');
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [undoOpen, setUndoOpen] = useState(false);
  const [undoReason, setUndoReason] = useState('');
  const [confirmClose, setConfirmClose] = useState(false);
  const [soldWarning, setSoldWarning] = useState<SoldWarning | null>(null);
  const confirmSoldRef = useRef<HTMLButtonElement>(null);
  const store = useStore();

  const lot = view.current_lot;
  const open = view.status === 'open';
  const onBlock = open && lot !== null && lot.hammer === null;
  const next = view.next_lots.find((l) => l.lot_id === chosen) ?? view.next_lots[0] ?? null;
  const idle = busy !== null;

  const can = {
    floorBid: onBlock && lot?.ask !== null && !idle,
    fairWarning: onBlock && !idle,
    sold: onBlock && lot?.price !== null && !idle,
    pass: onBlock && !idle,
    undo: lot !== null && view.status !== 'closed' && !idle,
    nextLot: open && next !== null && !idle,
  };

  const floorBid = () => {
    if (!lot || lot.ask === null) return;
    if (!PADDLE.test(paddle.trim())) {
      paddleRef.current?.focus();
      return;
    }
    // The paddle field is left once the bid is sent: the next key is a shortcut (S, W, F), not a digit.
    paddleRef.current?.blur();
    void send('liveFloorBid', { lot_id: lot.lot_id, ask: lot.ask, paddle: paddle.trim(), source }).then(
      (ok) => ok && setPaddle(''),
    );
  };
  const hammer = (outcome: 'sold' | 'passed') => {
    setSoldWarning(null);
    if (lot) void send('liveHammer', { lot_id: lot.lot_id, outcome });
  };
  // The warning holds for the bid it named, while Sold can be pressed: a later bid asks again.
  const warning = soldWarning && can.sold && soldWarning.at === lot?.bids.at(-1)?.at ? soldWarning : null;
  /**
   * Sold (button or S): at once, unless an internet bid arrived in the last seconds by the server's
   * clock (issue 37): then a second press (S, the button, or Enter on "Sell anyway") sells.
   */
  const sold = () => {
    if (warning) return hammer('sold');
    const recent = soldWarningOf(lot, Date.now() + store.get(serverClockAtom));
    if (recent) setSoldWarning(recent);
    else hammer('sold');
  };
  useEffect(() => {
    if (warning) confirmSoldRef.current?.focus();
  }, [warning]);
  const warningText = !warning
    ? ''
    : warning.seconds === 0
      ? t('ui.liveRoom.console.soldWarningNow')
      : warning.seconds === 1
        ? t('ui.liveRoom.console.soldWarningOne')
        : t('ui.liveRoom.console.soldWarning', { seconds: warning.seconds });
  const callNext = () => {
    if (next) void send('liveCallLot', { auction_id: view.auction_id, lot_id: next.lot_id });
  };
  const sendAsk = (text: string) => {
    if (!lot) return;
    const ask = dollarsToCents(text);
    if (ask === null || ask < 1) {
      setAskError(t('ui.liveRoom.console.askInvalid'));
      return;
    }
    setAskError(null);
    void send('liveAsk', { lot_id: lot.lot_id, ask });
  };
  const undo = () => {
    if (!lot || !undoReason.trim()) return;
    void send('liveUndo', { lot_id: lot.lot_id, reason: undoReason.trim() }).then((ok) => {
      if (!ok) return;
      setUndoOpen(false);
      setUndoReason('');
    });
  };

  useShortcuts(
    {
      ...(can.floorBid && { floorBid }),
      ...(can.fairWarning && {
        fairWarning: () => lot && void send('liveFairWarning', { lot_id: lot.lot_id }),
      }),
      ...(can.sold && { sold }),
      ...(can.pass && { pass: () => hammer('passed') }),
      ...(can.undo && { undo: () => setUndoOpen(true) }),
      ...(can.nextLot && { nextLot: callNext }),
      ...(lot && { ask: () => askRef.current?.focus() }),
    },
    !undoOpen,
  );

  // Floor and phone bids have a paddle; the internet, absentee and consignor bids are named by source.
  const leader = !view.leader
    ? t('ui.liveRoom.console.noLeader')
    : view.leader.source === 'internet'
      ? t('ui.liveRoom.console.leaderInternet', { name: view.leader.first_name })
      : view.leader.paddle === null
        ? t('ui.liveRoom.console.leaderBySource', {
            source: t(leaderSourceTexts[view.leader.source]),
            name: view.leader.first_name,
          })
        : t('ui.liveRoom.console.leaderPaddle', {
            source: t(leaderSourceTexts[view.leader.source]),
            paddle: view.leader.paddle,
            name: view.leader.first_name,
          });

  return (
    <Container size="xl" py="md" data-testid="live-console" px="xs">
      <Group justify="space-between" wrap="wrap" mb="md" gap="xs">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {t('ui.liveRoom.console.title', { title: view.title })}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Badge size="lg" color={open ? 'red' : 'gray'} data-testid="console-status">
            {t(statusTexts[view.status])}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('ui.liveRoom.paddleCount', { count: view.paddle_count })}
          </Text>
        </Group>
      </Group>
      {connectionLost ? (
        <Alert color="red" role="alert" mb="sm">
          {t('ui.liveRoom.bid.connectionLost')}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" mb="sm" data-testid="console-failure">
          {failure}
        </Alert>
      ) : null}
      {view.missed.length > 0 ? (
        <Alert
          color="yellow"
          title={t('ui.liveRoom.console.missedTitle')}
          mb="sm"
          data-testid="console-missed"
        >
          <List size="sm">
            {view.missed.map((m) => (
              <List.Item key={`${m.at}:${m.first_name}:${m.ask}`}>
                {t('ui.liveRoom.console.missed', { name: m.first_name, ask: formatMoney(m.ask) })}
              </List.Item>
            ))}
          </List>
          {view.missed_count > view.missed.length ? (
            <Text size="xs" mt={4}>
              {t('ui.liveRoom.console.missedMore', { count: view.missed_count })}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      <Group gap="xs" mb="md" wrap="wrap">
        {view.status === 'not_open' ? (
          <Button onClick={() => void send('liveOpenSale', { auction_id: view.auction_id })} disabled={idle}>
            {t('ui.liveRoom.console.openSale')}
          </Button>
        ) : null}
        {open ? (
          <Button
            variant="default"
            onClick={() => void send('livePause', { auction_id: view.auction_id, reason: '' })}
            disabled={idle}
          >
            {t('ui.liveRoom.console.pause')}
          </Button>
        ) : null}
        {view.status === 'paused' ? (
          <Button onClick={() => void send('liveResume', { auction_id: view.auction_id })} disabled={idle}>
            {t('ui.liveRoom.console.resume')}
          </Button>
        ) : null}
        {open || view.status === 'paused' ? (
          confirmClose ? (
            <Button
              color="red.9"
              onClick={() =>
                void send('liveCloseSale', { auction_id: view.auction_id }).then(() => setConfirmClose(false))
              }
              disabled={idle}
            >
              {t('ui.liveRoom.console.confirmClose')}
            </Button>
          ) : (
            <Button color="red.9" variant="outline" onClick={() => setConfirmClose(true)}>
              {t('ui.liveRoom.console.closeSale')}
            </Button>
          )
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder component="section" aria-labelledby="console-lot">
          <Title order={2} size="h4" id="console-lot" mb="xs">
            {t('ui.liveRoom.currentLot')}
          </Title>
          {lot ? (
            <Stack gap="sm" data-testid="console-current-lot">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {lot.image ? (
                  <Image src={lot.image} alt={lot.title} w={72} h={72} fit="contain" radius="sm" />
                ) : null}
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {lot.lot_number ? `${t('ui.liveRoom.lot', { number: lot.lot_number })} · ` : ''}
                  {lot.title}
                </Text>
              </Group>
              <TextInput
                key={`${lot.lot_id}:${lot.ask ?? ''}`}
                ref={askRef}
                label={t('ui.liveRoom.console.askLabel')}
                description={t('ui.liveRoom.console.askHint')}
                leftSection="$"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={lot.ask !== null ? (lot.ask / 100).toFixed(2) : ''}
                error={askError}
                rightSection={<Kbd size="xs">{consoleKeys.ask}</Kbd>}
                aria-keyshortcuts={consoleKeys.ask}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    sendAsk(event.currentTarget.value);
                  }
                }}
                data-testid="console-ask"
              />
              <Group gap="xl" wrap="wrap">
                <div>
                  <Text size="sm" c="dimmed">
                    {t('ui.liveRoom.price')}
                  </Text>
                  <Text size="xl" fw={700} data-testid="console-price">
                    {lot.price !== null ? formatMoney(lot.price) : t('ui.liveRoom.noBid')}
                  </Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    {t('ui.liveRoom.console.leader')}
                  </Text>
                  <Text fw={700} data-testid="console-leader">
                    {leader}
                  </Text>
                </div>
                {view.absentee ? (
                  <div>
                    <Text size="sm" c="dimmed">
                      {t('ui.liveRoom.console.absenteeBook')}
                    </Text>
                    <Text fw={700} data-testid="console-absentee">
                      {t(
                        view.absentee.spent
                          ? 'ui.liveRoom.console.absenteeSpent'
                          : 'ui.liveRoom.console.absenteeMax',
                        {
                          name: view.absentee.first_name,
                          max: formatMoney(view.absentee.max),
                        },
                      )}
                    </Text>
                  </div>
                ) : null}
              </Group>
              {lot.fair_warning && !lot.hammer ? (
                <Badge color="yellow" autoContrast>
                  {t('ui.liveRoom.fairWarning')}
                </Badge>
              ) : null}
              {lot.hammer ? (
                <Badge color={lot.hammer.outcome === 'sold' ? 'green' : 'gray'}>
                  {lot.hammer.outcome === 'sold'
                    ? t('ui.liveRoom.sold', { amount: formatMoney(lot.hammer.amount ?? 0) })
                    : t('ui.liveRoom.passed')}
                </Badge>
              ) : null}
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  ref={paddleRef}
                  label={t('ui.liveRoom.console.floorPaddle')}
                  inputMode="numeric"
                  autoComplete="off"
                  w={110}
                  value={paddle}
                  onChange={(event) => setPaddle(event.currentTarget.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && can.floorBid) {
                      event.preventDefault();
                      floorBid();
                    }
                  }}
                  data-testid="console-paddle"
                />
                <SegmentedControl
                  aria-label={t('ui.liveRoom.console.floorSource')}
                  value={source}
                  onChange={(value) => setSource(value === 'phone' ? 'phone' : 'floor')}
                  data={[
                    { value: 'floor', label: t('ui.liveRoom.console.floor') },
                    { value: 'phone', label: t('ui.liveRoom.console.phone') },
                  ]}
                />
                <KeyButton
                  shortcut="floorBid"
                  onClick={floorBid}
                  disabled={!can.floorBid}
                  testId="console-floor-bid"
                >
                  {lot.ask !== null
                    ? `${t('ui.liveRoom.console.floorBid')} ${formatMoney(lot.ask)}`
                    : t('ui.liveRoom.console.floorBid')}
                </KeyButton>
              </Group>
              <Group gap="xs" wrap="wrap">
                <KeyButton
                  shortcut="fairWarning"
                  color="yellow"
                  onClick={() => void send('liveFairWarning', { lot_id: lot.lot_id })}
                  disabled={!can.fairWarning}
                  testId="console-fair-warning"
                >
                  {t('ui.liveRoom.console.fairWarning')}
                </KeyButton>
                <KeyButton
                  shortcut="sold"
                  color="teal.9"
                  onClick={sold}
                  disabled={!can.sold}
                  testId="console-sold"
                >
                  {t('ui.liveRoom.console.sold')}
                </KeyButton>
                <KeyButton
                  shortcut="pass"
                  variant="default"
                  onClick={() => hammer('passed')}
                  disabled={!can.pass}
                  testId="console-pass"
                >
                  {t('ui.liveRoom.console.pass')}
                </KeyButton>
                <KeyButton
                  shortcut="undo"
                  variant="outline"
                  color="red.9"
                  onClick={() => setUndoOpen(true)}
                  disabled={!can.undo}
                  testId="console-undo"
                >
                  {t('ui.liveRoom.console.undo')}
                </KeyButton>
              </Group>
              {warning ? (
                <Alert
                  color="yellow"
                  data-testid="console-sold-warning"
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') setSoldWarning(null);
                  }}
                >
                  <Stack gap="xs">
                    <Text fw={700}>{warningText}</Text>
                    <Group gap="xs" wrap="wrap">
                      <Button ref={confirmSoldRef} color="teal.9" onClick={sold} disabled={idle}>
                        {t('ui.liveRoom.console.soldAnyway')}
                      </Button>
                      <Button variant="default" onClick={() => setSoldWarning(null)}>
                        {t('ui.liveRoom.console.cancel')}
                      </Button>
                    </Group>
                    <Text size="xs">{t('ui.liveRoom.console.soldAnywayHint')}</Text>
                  </Stack>
                </Alert>
              ) : null}
              {lot.bids.length > 0 ? (
                <List size="sm" data-testid="console-bids">
                  {[...lot.bids].reverse().map((bid, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: bids have no id; newest first, redrawn each read
                    <List.Item key={lot.bids.length - i}>
                      {formatMoney(bid.amount)} · {sourceOf(bid)}
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          ) : (
            <Text c="dimmed">{t('ui.liveRoom.noLot')}</Text>
          )}
        </Card>
        <Stack gap="md">
          <Card withBorder component="section" aria-labelledby="console-next">
            <Title order={2} size="h4" id="console-next" mb="xs">
              {t('ui.liveRoom.console.nextLot')}
            </Title>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={t('ui.liveRoom.console.chooseLot')}
                data={view.next_lots.map((l) => ({
                  value: l.lot_id,
                  label: l.lot_number ? `${l.lot_number} · ${l.title}` : l.title,
                }))}
                value={next?.lot_id ?? null}
                onChange={setChosen}
                allowDeselect={false}
                style={{ flex: '1 1 200px', minWidth: 0 }}
                data-testid="console-next-select"
              />
              <KeyButton
                shortcut="nextLot"
                onClick={callNext}
                disabled={!can.nextLot}
                testId="console-call-lot"
              >
                {t('ui.liveRoom.console.callLot')}
              </KeyButton>
            </Group>
            {view.next_lots.length === 0 ? (
              <Text size="sm" c="dimmed" mt="xs">
                {t('ui.liveRoom.noNextLots')}
              </Text>
            ) : null}
          </Card>
          <Card withBorder component="section" aria-labelledby="console-message">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const text = message.trim();
                if (!text) return;
                void send('liveMessage', { auction_id: view.auction_id, text }).then(
                  (ok) => ok && setMessage(''),
                );
              }}
            >
              <Title order={2} size="h4" id="console-message" mb="xs">
                {t('ui.liveRoom.console.message')}
              </Title>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  aria-label={t('ui.liveRoom.console.message')}
                  maxLength={280}
                  value={message}
                  onChange={(event) => setMessage(event.currentTarget.value)}
                  style={{ flex: 1, minWidth: 0 }}
                  data-testid="console-message-input"
                />
                <Button type="submit" disabled={idle || !message.trim()}>
                  {t('ui.liveRoom.console.send')}
                </Button>
              </Group>
            </form>
          </Card>
          <Card withBorder component="section" aria-labelledby="console-results">
            <Title order={2} size="h4" id="console-results" mb="xs">
              {t('ui.liveRoom.results')}
            </Title>
            {view.results.length > 0 ? (
              <List size="sm">
                {view.results.map((r) => (
                  <List.Item key={r.lot_id}>
                    {r.lot_number ? `${r.lot_number} · ` : ''}
                    {r.title}:{' '}
                    {r.outcome === 'sold'
                      ? t('ui.liveRoom.resultSold', { amount: formatMoney(r.amount ?? 0) })
                      : r.outcome === 'passed'
                        ? t('ui.liveRoom.resultPassed')
                        : t('ui.liveRoom.resultOpen')}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                {t('ui.liveRoom.noResults')}
              </Text>
            )}
          </Card>
        </Stack>
      </SimpleGrid>
      <Modal
        opened={undoOpen}
        onClose={() => setUndoOpen(false)}
        title={t('ui.liveRoom.console.undoTitle')}
        closeButtonProps={{ 'aria-label': t('ui.common.close') }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            undo();
          }}
        >
          <Stack gap="sm">
            <TextArea
              label={t('ui.liveRoom.console.undoReason')}
              required
              maxLength={500}
              value={undoReason}
              onChange={(event) => setUndoReason(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setUndoOpen(false)}>
                {t('ui.liveRoom.console.cancel')}
              </Button>
              <Button type="submit" color="red.9" disabled={idle || !undoReason.trim()}>
                {t('ui.liveRoom.console.undoSend')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Container>
  );
}

import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { formatMoney } from '../../lib/format.ts';
import { currentUserAtom } from '../../state/session.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { PremiumNote } from '../PremiumNote/PremiumNote.tsx';
import { bidStateOf, type LiveRoomView, liveRoomQuery, waitTexts } from './live-room.ts';

export interface BidBoxProps {
  room: LiveRoomView;
  /** The socket dropped, or the room's last read failed: bids wait until the room is live again. */
  connectionLost: boolean;
}

/**
 * Issue 37: the bidder's button and what it says: sign in, register for the sale (then the paddle),
 * 'Bid <ask>' sending the ask shown, sending…, leading, outbid, sold to you, lost, passed, the server's
 * refusal (an ask that moved: the new ask is on the button), or the connection lost.
 */
export function BidBox({ room, connectionLost }: BidBoxProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useAtomValue(currentUserAtom);
  const [refused, setRefused] = useState<string | null>(null);
  const roomKey = liveRoomQuery(room.auction_id).queryKey;
  const refresh = () => queryClient.invalidateQueries({ queryKey: roomKey });

  const register = useMutation({
    mutationFn: () => call('liveRegister', { auction_id: room.auction_id }),
    onSuccess: () => void refresh(),
    onError: (error) => setRefused(errorMessage(error)),
  });
  const bid = useMutation({
    mutationFn: (input: { lot_id: string; ask: number }) => call('liveBid', input),
    onMutate: () => setRefused(null),
    onError: (error) => setRefused(errorMessage(error)),
    // The room is read again at once after the bidder's own bid, taken or not.
    onSettled: () => void refresh(),
  });

  const state = bidStateOf(room, {
    signedIn: user !== null,
    sending: bid.isPending,
    connectionLost,
  });
  const paddle = room.my_paddle ?? register.data?.paddle ?? null;

  const button = (() => {
    switch (state.kind) {
      case 'signIn':
        return (
          <ButtonLink to="/login" size="lg" fullWidth data-testid="live-bid-sign-in">
            {t('ui.liveRoom.bid.signIn')}
          </ButtonLink>
        );
      case 'register':
        return (
          <Button
            size="lg"
            fullWidth
            loading={register.isPending}
            onClick={() => register.mutate()}
            data-testid="live-register"
          >
            {t('ui.liveRoom.bid.register')}
          </Button>
        );
      case 'bid':
        return (
          <Button
            size="lg"
            fullWidth
            onClick={() => bid.mutate({ lot_id: state.lotId, ask: state.ask })}
            data-testid="live-bid"
          >
            {t('ui.liveRoom.bid.bid', { ask: formatMoney(state.ask) })}
          </Button>
        );
      case 'sending':
        return (
          <Button size="lg" fullWidth disabled data-testid="live-bid">
            {t('ui.liveRoom.bid.sending')}
          </Button>
        );
      default:
        return null;
    }
  })();

  const status = (() => {
    switch (state.kind) {
      case 'leading':
        return { color: 'green', text: t('ui.liveRoom.bid.leading', { amount: formatMoney(state.amount) }) };
      case 'won':
        return { color: 'green', text: t('ui.liveRoom.bid.won', { amount: formatMoney(state.amount) }) };
      case 'lost':
        return { color: 'gray', text: t('ui.liveRoom.bid.lost') };
      case 'passed':
        return { color: 'gray', text: t('ui.liveRoom.bid.passed') };
      case 'bid':
        return state.outbid ? { color: 'orange', text: t('ui.liveRoom.bid.outbid') } : null;
      case 'connectionLost':
        return { color: 'red', text: t('ui.liveRoom.bid.connectionLost') };
      case 'closed':
      case 'notOpen':
      case 'paused':
      case 'waiting':
      case 'noAsk':
        return { color: 'gray', text: t(waitTexts[state.kind]) };
      default:
        return null;
    }
  })();

  return (
    <Stack gap="xs" data-testid="live-bid-box" data-state={state.kind}>
      {status ? (
        <Alert color={status.color} role="status" data-testid="live-bid-status" p="sm">
          <Text fw={700}>{status.text}</Text>
        </Alert>
      ) : null}
      {button}
      {refused ? (
        <Alert color="red" role="alert" title={t('ui.liveRoom.bid.refused')} data-testid="live-bid-refused">
          {refused}
        </Alert>
      ) : null}
      {/* seeds 000 §1: the configured premium text, where the bid is placed. */}
      <PremiumNote testId="live-premium-note" />
      {paddle ? (
        <Text size="sm" c="dimmed" data-testid="live-paddle">
          {t('ui.liveRoom.paddle', { paddle })}
        </Text>
      ) : null}
    </Stack>
  );
}

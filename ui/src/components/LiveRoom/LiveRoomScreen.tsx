import { Center, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { LoadError } from '../LoadError/LoadError.tsx';
import { LiveRoom } from './LiveRoom.tsx';
import { applyLiveRoom, LIVE_FALLBACK_POLL_MS, liveRoomQuery } from './live-room.ts';
import { useLiveRoomSocket } from './use-live-room-socket.ts';

export interface LiveRoomScreenProps {
  auctionId: string;
  /** What is shown when the auction is not a live sale (the server answers NOT_LIVE_SALE). */
  notLive: ReactNode;
}

/**
 * Issue 37: the room read once, then kept by the socket's frames ('live:<auctionId>'): each replaces
 * it. While the socket is down the room is read every 5 seconds and the bidder is told the connection
 * is lost (as when a read fails), the last room shown kept.
 */
export function LiveRoomScreen({ auctionId, notLive }: LiveRoomScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const { queryKey } = liveRoomQuery(auctionId);
  const socket = useLiveRoomSocket(auctionId, {
    // Before the first read answers there is no room to keep the paddle of: the read brings it.
    onRoom: (message) =>
      queryClient.setQueryData(queryKey, (previous) => previous && applyLiveRoom(previous, message)),
    onComingUp: (message) => {
      // Named when the room lists it among the next lots (it does: five are listed, this is the third).
      const lot = queryClient.getQueryData(queryKey)?.next_lots.find((l) => l.lot_id === message.lot_id);
      const count = message.lots_before;
      const name = lot?.lot_number
        ? `${t('ui.liveRoom.lot', { number: lot.lot_number })} · ${lot.title}`
        : lot?.title;
      pushAlert({
        msg: name
          ? t('ui.liveRoom.comingUp', { lot: name, count })
          : t('ui.liveRoom.comingUpUnnamed', { count }),
        type: 'info',
      });
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey }),
  });
  const room = useQuery(liveRoomQuery(auctionId, socket.open ? false : LIVE_FALLBACK_POLL_MS));
  const notLiveSale = room.error instanceof ApiError && room.error.code === 'NOT_LIVE_SALE';
  // The timed auction's page names itself when the auction is not a live sale.
  useDocumentMeta(notLiveSale ? {} : { title: pageTitle(room.data?.title ?? t('ui.liveRoom.live')) });
  if (notLiveSale) return notLive;
  if (room.data) return <LiveRoom room={room.data} connectionLost={room.isError || socket.lost} />;
  if (room.isError) return <LoadError error={room.error} />;
  return (
    <Center py="xl">
      <Loader aria-label={t('ui.liveRoom.loading')} />
    </Center>
  );
}

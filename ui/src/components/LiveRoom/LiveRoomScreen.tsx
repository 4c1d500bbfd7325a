import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { LoadError } from '../LoadError/LoadError.tsx';
import { LiveRoom } from './LiveRoom.tsx';
import { liveRoomQuery } from './live-room.ts';

export interface LiveRoomScreenProps {
  auctionId: string;
  /** What is shown when the auction is not a live sale (the server answers NOT_LIVE_SALE). */
  notLive: ReactNode;
}

/**
 * Issue 37: the room read every second while the sale runs; a failed read keeps the last room shown
 * and tells the bidder the connection is lost until a read answers again.
 */
export function LiveRoomScreen({ auctionId, notLive }: LiveRoomScreenProps) {
  const { t } = useTranslation();
  const room = useQuery(liveRoomQuery(auctionId));
  const notLiveSale = room.error instanceof ApiError && room.error.code === 'NOT_LIVE_SALE';
  // The timed auction's page names itself when the auction is not a live sale.
  useDocumentMeta(notLiveSale ? {} : { title: pageTitle(room.data?.title ?? t('ui.liveRoom.live')) });
  if (notLiveSale) return notLive;
  if (room.data) return <LiveRoom room={room.data} connectionLost={room.isError} />;
  if (room.isError) return <LoadError error={room.error} />;
  return (
    <Center py="xl">
      <Loader aria-label={t('ui.liveRoom.loading')} />
    </Center>
  );
}

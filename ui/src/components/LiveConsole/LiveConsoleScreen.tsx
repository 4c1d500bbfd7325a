import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { LIVE_FALLBACK_POLL_MS, liveConsoleQuery } from '../LiveRoom/live-room.ts';
import { useLiveRoomSocket } from '../LiveRoom/use-live-room-socket.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import { LiveConsole } from './LiveConsole.tsx';

/**
 * Issue 37: the console of one live sale, read again on each of the room's frames on the socket (the
 * frame has the room, the console's read adds the clerk's extras: the leader, the missed bids, the
 * paddles), and every 5 seconds while the socket is down; a failed read keeps the last one shown.
 */
export function LiveConsoleScreen({ auctionId }: { auctionId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { queryKey } = liveConsoleQuery(auctionId);
  const readAgain = () => void queryClient.invalidateQueries({ queryKey });
  const socket = useLiveRoomSocket(auctionId, { onRoom: readAgain, onResync: readAgain });
  const view = useQuery(liveConsoleQuery(auctionId, socket.open ? false : LIVE_FALLBACK_POLL_MS));
  useDocumentMeta({ title: pageTitle(view.data?.title ?? t('ui.liveRoom.console.section')) });
  return (
    <QueryState query={view} label={t('ui.liveRoom.console.loading')} error="page" keepData>
      {(data) => <LiveConsole view={data} connectionLost={view.isError || socket.lost} />}
    </QueryState>
  );
}

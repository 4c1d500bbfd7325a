import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { liveConsoleQuery } from '../LiveRoom/live-room.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import { LiveConsole } from './LiveConsole.tsx';

/** Issue 37: the console of one live sale, read every second; a failed read keeps the last one shown. */
export function LiveConsoleScreen({ auctionId }: { auctionId: string }) {
  const { t } = useTranslation();
  const view = useQuery(liveConsoleQuery(auctionId));
  useDocumentMeta({ title: pageTitle(view.data?.title ?? t('ui.liveRoom.console.section')) });
  return (
    <QueryState query={view} label={t('ui.liveRoom.console.loading')} error="page" keepData>
      {(data) => <LiveConsole view={data} connectionLost={view.isError} />}
    </QueryState>
  );
}

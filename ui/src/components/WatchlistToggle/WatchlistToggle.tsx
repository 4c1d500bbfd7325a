import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LotView, t as shared } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';

export interface WatchlistToggleProps {
  lot: Pick<LotView, 'id' | 'watchlistid'>;
  onChange: (watchlistid: 0 | 1) => void;
}

/** seeds 000 §4.7: adds when off, removes when on; visitors sign in first. */
export function WatchlistToggle({ lot, onChange }: WatchlistToggleProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const queryClient = useQueryClient();
  const watching = lot.watchlistid === 1;
  const toggle = useMutation({
    mutationFn: (remove: boolean) =>
      callForMessage(remove ? 'removeWatchlist' : 'addWatchlist', { project_id: lot.id }),
    onSuccess: ({ message, responseData }, remove) => {
      onChange(responseData.watchlistid);
      pushAlert({
        msg: messageOr(message, shared(remove ? 'watchlist.removed' : 'watchlist.added')),
        type: 'success',
      });
      // My Watchlist has one lot more or less.
      void invalidateAction(queryClient, 'myWatchlist');
    },
    onError: (error) => pushAlert({ msg: errorMessage(error), type: 'error' }),
  });
  if (!user) {
    return (
      <Button component="a" href={`/login?pid=${encodeURIComponent(lot.id)}`} variant="subtle" px={0}>
        {t('ui.watchlist.add')}
      </Button>
    );
  }
  return (
    <Button
      variant="subtle"
      px={0}
      loading={toggle.isPending}
      onClick={() => toggle.mutate(watching)}
      aria-pressed={watching}
      data-testid="watchlist-toggle"
    >
      {watching ? t('ui.watchlist.remove') : t('ui.watchlist.add')}
    </Button>
  );
}

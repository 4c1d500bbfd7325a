import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LotView, t as shared } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { afterFirstWatch } from './first-watch.ts';

export interface WatchlistToggleProps {
  lot: Pick<LotView, 'id' | 'watchlistid'> & Partial<Pick<LotView, 'custitem_gvo_producer'>>;
  onChange: (watchlistid: 0 | 1) => void;
}

/**
 * seeds 000 §4.7: adds when off, removes when on; visitors sign in first. The first add (the user
 * watched nothing yet) also counts a view and follows the lot's producer (first-watch.ts).
 */
export function WatchlistToggle({ lot, onChange }: WatchlistToggleProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const queryClient = useQueryClient();
  const watching = lot.watchlistid === 1;
  const toggle = useMutation({
    mutationFn: async (remove: boolean) => {
      if (remove) return callForMessage('removeWatchlist', { project_id: lot.id });
      const first = await call('myWatchlist', { page: 1, limit: 1 })
        .then((page) => page.totalRecords === 0)
        .catch(() => false);
      const answer = await callForMessage('addWatchlist', { project_id: lot.id });
      if (first) {
        void afterFirstWatch({
          lotId: lot.id,
          producer: lot.custitem_gvo_producer,
          countView: (id) => call('increaseProductViewCount', { id }),
          follow: (follows, rating) => call('addFollower', { follows, rating }),
          refreshFollowers: () => {
            void invalidateAction(queryClient, 'getFollowers');
            void invalidateAction(queryClient, 'myProducers');
          },
        });
      }
      return answer;
    },
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

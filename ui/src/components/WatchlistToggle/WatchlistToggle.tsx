import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LotView, t as shared } from '@wine/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { call, callForStatus } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { useShowStatus } from '../../state/alerts.ts';
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
  const { show, showError } = useShowStatus();
  const queryClient = useQueryClient();
  const watching = lot.watchlistid === 1;
  const toggle = useMutation({
    mutationFn: async (remove: boolean) => {
      if (remove) return callForStatus('removeWatchlist', { project_id: lot.id });
      const first = await call('myWatchlist', { page: 1, limit: 1 })
        .then((page) => page.totalRecords === 0)
        .catch(() => false);
      const answer = await callForStatus('addWatchlist', { project_id: lot.id });
      if (first) {
        void afterFirstWatch({
          lotId: lot.id,
          producer: lot.custitem_gvo_producer,
          // In the background: what they answer is shown as no alert (seeds 000 §4.9 noAlert).
          countView: (id) => call('increaseProductViewCount', { id }, { noAlert: true }),
          follow: (follows, rating) => call('addFollower', { follows, rating }, { noAlert: true }),
          refreshFollowers: () => {
            void invalidateAction(queryClient, 'getFollowers');
            void invalidateAction(queryClient, 'myProducers');
          },
        });
      }
      return answer;
    },
    onSuccess: (status, remove) => {
      onChange(status.data.watchlistid);
      show(status, shared(remove ? 'watchlist.removed' : 'watchlist.added'));
      // My Watchlist has one lot more or less.
      void invalidateAction(queryClient, 'myWatchlist');
    },
    onError: showError,
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

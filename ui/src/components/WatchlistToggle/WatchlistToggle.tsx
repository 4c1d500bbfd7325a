import { Button } from '@mantine/core';
import { type LotView, t as shared } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
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
  const [busy, setBusy] = useState(false);
  const watching = lot.watchlistid === 1;
  if (!user) {
    return (
      <Button component="a" href={`/login?pid=${encodeURIComponent(lot.id)}`} variant="subtle" px={0}>
        {t('ui.watchlist.add')}
      </Button>
    );
  }
  const toggle = async () => {
    setBusy(true);
    try {
      const { message, responseData } = await callForMessage(watching ? 'removeWatchlist' : 'addWatchlist', {
        project_id: lot.id,
      });
      onChange(responseData.watchlistid);
      pushAlert({
        msg: messageOr(message, shared(watching ? 'watchlist.removed' : 'watchlist.added')),
        type: 'success',
      });
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="subtle"
      px={0}
      loading={busy}
      onClick={() => void toggle()}
      aria-pressed={watching}
      data-testid="watchlist-toggle"
    >
      {watching ? t('ui.watchlist.remove') : t('ui.watchlist.add')}
    </Button>
  );
}

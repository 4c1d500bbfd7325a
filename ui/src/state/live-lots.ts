import { useDebouncedCallback } from '@mantine/hooks';
import type { LotMessage, LotView } from '@wine/contracts';
import { useMemo, useState } from 'react';
import { applyLotMessage } from '../lib/apply-lot-message.ts';
import { useLotChanges } from './realtime.ts';

export interface LiveLotsOptions {
  /** A change to a lot not shown: does it belong on this page (then the list is refetched)? */
  belongsHere: (message: LotMessage) => boolean;
  /** Reload the list (the route loader). */
  refetch: () => void;
}

/**
 * A list of lots kept live: a changed lot that is shown is replaced in place; a lot that newly
 * belongs here makes the list refetch (coalesced), as does a resync from the socket.
 */
export function useLiveLots(records: LotView[], { belongsHere, refetch }: LiveLotsOptions): LotView[] {
  const [live, setLive] = useState<{ base: LotView[]; byId: Record<string, LotView> }>({
    base: records,
    byId: {},
  });
  let current = live;
  if (live.base !== records) {
    // Fresh data from the loader supersedes earlier patches.
    current = { base: records, byId: {} };
    setLive(current);
  }
  const shown = useMemo(() => new Map(records.map((r) => [r.id, r])), [records]);
  const refetchSoon = useDebouncedCallback(refetch, 300);
  useLotChanges(
    ['lots'],
    (message) => {
      const record = shown.get(message.lot.id);
      if (record) {
        // The user's own fields (status, watchlist) survive a public change of the lot.
        setLive((prev) => ({
          ...prev,
          byId: {
            ...prev.byId,
            [message.lot.id]: applyLotMessage(prev.byId[message.lot.id] ?? record, message),
          },
        }));
      } else if (belongsHere(message)) {
        refetchSoon();
      }
    },
    refetchSoon,
  );
  return useMemo(() => records.map((r) => current.byId[r.id] ?? r), [records, current]);
}

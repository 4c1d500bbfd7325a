import { useDebouncedCallback } from '@mantine/hooks';
import type { LotChangedMessage, LotView } from '@wine/contracts';
import { useMemo, useState } from 'react';
import { useLotChanges } from './realtime.ts';

export interface LiveLotsOptions {
  /** A change to a lot not shown: does it belong on this page (then the list is refetched)? */
  belongsHere: (message: LotChangedMessage) => boolean;
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
  const shown = useMemo(() => new Set(records.map((r) => r.id)), [records]);
  const refetchSoon = useDebouncedCallback(refetch, 300);
  useLotChanges(
    ['lots'],
    (message) => {
      if (shown.has(message.lot.id)) {
        setLive((prev) => ({ ...prev, byId: { ...prev.byId, [message.lot.id]: message.lot } }));
      } else if (belongsHere(message)) {
        refetchSoon();
      }
    },
    refetchSoon,
  );
  return useMemo(() => records.map((r) => current.byId[r.id] ?? r), [records, current]);
}

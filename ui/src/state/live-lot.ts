import type { LotView } from '@wine/contracts';
import { useCallback, useState } from 'react';
import { applyLotMessage, applyUserMessage } from '../lib/apply-lot-message.ts';
import { useLotChanges, useUserMessages } from './realtime.ts';

/**
 * One lot kept live (seeds 000 §4.6): the loader's copy, then every change from the lot's channel and
 * the user's own channel, and the user's own actions. A reload (new loader data) supersedes them.
 */
export function useLiveLot(
  loaded: LotView,
  refetch: () => void,
): [LotView, (update: (lot: LotView) => LotView) => void] {
  const [live, setLive] = useState<{ base: LotView; lot: LotView } | null>(null);
  const current = live && live.base === loaded ? live.lot : loaded;
  const update = useCallback(
    (change: (lot: LotView) => LotView) =>
      setLive((prev) => ({ base: loaded, lot: change(prev && prev.base === loaded ? prev.lot : loaded) })),
    [loaded],
  );
  useLotChanges([`lot:${loaded.id}`], (message) => update((lot) => applyLotMessage(lot, message)), refetch);
  useUserMessages((message) => update((lot) => applyUserMessage(lot, message)));
  return [current, update];
}

import { LIVE_SOLD_WARNING_SECONDS } from '@wine/contracts';
import type { LiveConsoleView } from '../LiveRoom/live-room.ts';

/** The internet bid the clerk is warned of before selling: when it was taken, and how long ago. */
export interface SoldWarning {
  /** The bid's time (ISO): the warning holds for this bid only; a later bid asks again. */
  at: string;
  /** Whole seconds since, by the server's clock (0: under a second, or the clock a little behind). */
  seconds: number;
}

/**
 * Issue 37 "a warning before 'sold' when an internet bid arrived in the last seconds": the lot's latest
 * bid came from the internet less than LIVE_SOLD_WARNING_SECONDS before `serverNow` (epoch ms, the
 * server's clock as the page knows it). A bid stamped after it (the page's clock a little behind the
 * server's) arrived just now.
 */
export function soldWarningOf(lot: LiveConsoleView['current_lot'], serverNow: number): SoldWarning | null {
  const latest = lot?.bids.at(-1);
  if (latest?.source !== 'internet') return null;
  const taken = Date.parse(latest.at);
  if (Number.isNaN(taken)) return null;
  const ms = serverNow - taken;
  if (ms >= LIVE_SOLD_WARNING_SECONDS * 1_000) return null;
  return { at: latest.at, seconds: Math.max(0, Math.floor(ms / 1_000)) };
}

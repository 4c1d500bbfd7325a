import type { LotView } from '@wine/contracts';
import { t } from '../../i18n/index.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** seeds 000 §4.5 / §9: with under 2 days left the countdown replaces the plain end date. */
export const COUNTDOWN_THRESHOLD_MS = 2 * DAY;

export type CountdownState =
  | { kind: 'startsIn'; remainingMs: number }
  | { kind: 'endsOn'; closesAt: string }
  | { kind: 'timeLeft'; remainingMs: number }
  | { kind: 'auctionClosed' }
  | { kind: 'closedOn'; closedAt: string };

export type CountdownLot = Pick<LotView, 'market_status' | 'date_added' | 'date_closed'>;

/** What the countdown shows for a lot at a server time (seeds 000 §4.1, §4.5). */
export function countdownState(lot: CountdownLot, serverNow: number): CountdownState {
  if (lot.market_status !== 'open') return { kind: 'closedOn', closedAt: lot.date_closed };
  const startsAt = Date.parse(lot.date_added);
  if (serverNow < startsAt) return { kind: 'startsIn', remainingMs: startsAt - serverNow };
  const remainingMs = Date.parse(lot.date_closed) - serverNow;
  if (remainingMs <= 0) return { kind: 'auctionClosed' };
  if (remainingMs >= COUNTDOWN_THRESHOLD_MS) return { kind: 'endsOn', closesAt: lot.date_closed };
  return { kind: 'timeLeft', remainingMs };
}

/** Days, hours, minutes and seconds: '1d 2h 3m 4s'. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / SECOND));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return t('ui.countdown.remaining', { d, h, m, s });
}

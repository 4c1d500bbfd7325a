import type { BidTopStatus } from './messages.ts';

/** One bidder's standing on one lot: whether the lead is theirs, and whether the lot has closed. */
export interface BidStanding {
  leads: boolean;
  closed?: boolean;
}

/**
 * seeds 000 §3.1/§4.2 bidtopstatus, the one rule the bid answer and the bids read model share: while
 * the lot is open the leader is 'winner' and every other bidder 'outbid'; once it has closed the
 * winner 'won' and the others 'lost'.
 */
export function bidTopStatus(standing: { leads: boolean; closed?: false }): 'winner' | 'outbid';
export function bidTopStatus(standing: BidStanding): BidTopStatus;
export function bidTopStatus({ leads, closed = false }: BidStanding): BidTopStatus {
  if (closed) return leads ? 'won' : 'lost';
  return leads ? 'winner' : 'outbid';
}

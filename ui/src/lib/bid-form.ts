import { bidMessages, MAX_BID_CENTS } from '@wine/contracts';
import { dollarsToCents } from './format.ts';

/**
 * seeds 000 §5 "Bid amount (wsprice)": required ('Select bid amount'), a number ('Numbers only!'),
 * at least next_bid ('Min. Bid {amount}'); the same texts the server answers.
 */
export function checkBidAmount(text: string, nextBid: number): { cents: number } | { error: string } {
  if (text.trim() === '') return { error: bidMessages.selectAmount };
  const cents = dollarsToCents(text);
  if (cents === null) return { error: bidMessages.numbersOnly };
  if (cents < nextBid) return { error: bidMessages.minBid(nextBid) };
  if (cents > MAX_BID_CENTS) return { error: bidMessages.capped };
  return { cents };
}

import { describe, expect, it } from 'vitest';
import { bidTopStatus } from './bid-top-status.ts';

describe('bidTopStatus (seeds 000 §4.2)', () => {
  it('calls the leader of an open lot the winner', () => {
    expect(bidTopStatus({ leads: true })).toBe('winner');
  });

  it('calls a bidder who does not lead an open lot outbid', () => {
    expect(bidTopStatus({ leads: false })).toBe('outbid');
  });

  it('calls the leader of a closed lot the one who won and every other bidder the ones who lost', () => {
    expect(bidTopStatus({ leads: true, closed: true })).toBe('won');
    expect(bidTopStatus({ leads: false, closed: true })).toBe('lost');
  });
});

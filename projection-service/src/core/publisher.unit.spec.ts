import { describe, expect, it } from 'vitest';
import { lotChanges } from './publisher.ts';
import { eventRecorder } from './testing.ts';

const record = eventRecorder();
const bid = (bidderId: string, extra: Record<string, unknown> = {}) => ({
  bidId: `b-${bidderId}`,
  bidderId,
  amount: 10_000,
  maxAmount: 10_000,
  leads: true,
  outbidUserId: null,
  nextBid: 11_000,
  reserveMet: true,
  ...extra,
});

describe('lotChanges: what a committed batch tells the bus', () => {
  it('groups a bid command per lot, with the users it touched and the one it outbid', () => {
    const events = [
      record('lot-a', 'ProxyBidPlaced', { ...bid('ann'), reason: 'proxy', answersBidId: 'b-bob' }),
      record('lot-a', 'BidPlaced', { ...bid('bob', { outbidUserId: 'ann' }), biddingType: 'proxy' }),
      record('lot-a', 'LotExtended', { closesAt: '2026-11-30T18:05:00.000Z' }),
      record('lot-b', 'BidPlaced', { ...bid('cat'), biddingType: 'proxy' }),
    ];
    const changes = lotChanges(events);
    expect([...changes.keys()]).toEqual(['a', 'b']);
    const a = changes.get('a');
    expect(a?.events).toEqual(['ProxyBidPlaced', 'BidPlaced', 'LotExtended']);
    expect(a?.last.position).toBe(events[2]?.position);
    expect([...(a?.users ?? [])]).toEqual(['ann', 'bob']);
    expect([...(a?.outbid ?? [])]).toEqual(['ann']);
    expect(a?.belowFive).toBe(true);
    expect(changes.get('b')?.belowFive).toBe(false);
  });

  it('never marks a bidder outbid by their own losing bid', () => {
    const events = [
      record('lot-c', 'BidPlaced', { ...bid('bob', { leads: false }), biddingType: 'proxy' }),
      record('lot-c', 'ProxyBidPlaced', { ...bid('ann'), reason: 'proxy', answersBidId: 'b-bob' }),
    ];
    expect([...(lotChanges(events).get('c')?.outbid ?? [])]).toEqual([]);
  });

  it('touches the winner and every loser at the close, and ignores other streams', () => {
    const events = [
      record('lot-d', 'LotClosed', { outcome: 'sold', winnerId: 'ann', losers: ['bob', 'cat'] }),
      record('user-ann', 'LotWatched', { lotId: 'd' }),
    ];
    const changes = lotChanges(events);
    expect([...changes.keys()]).toEqual(['d']);
    expect([...(changes.get('d')?.users ?? [])]).toEqual(['ann', 'bob', 'cat']);
  });
});

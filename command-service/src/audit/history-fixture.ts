import type { RecordedEvent } from '@wine/event-schemas';
import { padPosition } from '@wine/event-schemas';
import { listedLot, recordedEvent } from '@wine/platform/testing';

// Specs only: a lot's stream as the history specs are given it.
const admin = { kind: 'admin', id: 'adm-1' } as const;

const bid = (bidderId: string, amount: number, leads: boolean, nextBid: number) => ({
  bidId: `b-${bidderId}-${amount}`,
  bidderId,
  amount,
  maxAmount: amount,
  leads,
  outbidUserId: null,
  nextBid,
  reserveMet: true,
});

/** Given: a lot listed by an admin, two bidders (one through an admin acting as him), then closed. */
export function lotStreamOf(): RecordedEvent[] {
  const given: [string, unknown, string, RecordedEvent['metadata']['actor']][] = [
    ['LotListed', listedLot({ lotId: 'lot-h1' }), '2026-11-22T12:00:00.000Z', admin],
    [
      'BidPlaced',
      { ...bid('ann', 10_000, true, 11_000), biddingType: 'hard' },
      '2026-11-22T12:10:00.000Z',
      { kind: 'user', id: 'ann' },
    ],
    [
      'BidPlaced',
      { ...bid('bob', 11_000, true, 12_000), biddingType: 'hard' },
      '2026-11-22T12:20:00.000Z',
      { ...admin, actingAs: 'bob' },
    ],
    [
      'ProxyBidPlaced',
      { ...bid('ann', 12_000, true, 13_000), reason: 'proxy', answersBidId: 'b-bob-11000' },
      '2026-11-22T12:20:00.000Z',
      { kind: 'system', id: 'bidding' },
    ],
    [
      'LotClosed',
      {
        outcome: 'sold',
        winnerId: 'ann',
        hammerPrice: 12_000,
        losers: ['bob'],
        bidCount: 3,
        reserveMet: true,
        closesAt: '2026-11-22T13:00:00.000Z',
      },
      '2026-11-22T13:00:00.000Z',
      { kind: 'system', id: 'scheduler' },
    ],
  ];
  return given.map(([type, data, occurredAt, actor], revision) =>
    recordedEvent(
      {
        type,
        data,
        revision,
        id: `e-${revision}`,
        streamName: 'lot-lot-h1',
        position: padPosition(100 + revision),
      },
      {
        occurredAt,
        actor,
        commandId: `cmd-${revision}`,
        correlationId: `corr-${revision}`,
        causationId: `cause-${revision}`,
      },
    ),
  );
}

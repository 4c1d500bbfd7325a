import { type BidTopStatus, bidTopStatus } from '@wine/contracts';
import { type LotEvent, type RecordedEvent, START } from '@wine/event-schemas';
import { streamIdOf as lotIdOf, sharedId } from '@wine/platform';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const BIDS = 'bids';
export const LOT_BIDDERS = 'lot_bidders';

/** seeds 000 §3.2 "Bid history row": one per visible bid, the bidder's own or placed for their maximum. */
export interface BidDocument {
  _id: string;
  [key: string]: unknown;
  lot_id: string;
  user_id: string;
  proposed_amount: number;
  /** The bidder's maximum behind the row (issue 33: the staff's view; never shown to other users). */
  max_amount?: number;
  created_at: string;
  /** seeds 000 §7: the history shows declined = 0 (a bid cancelled by the house would be 1). */
  declined: 0 | 1;
  proxy: boolean;
  _position: string;
}

/** One bidder's standing on one lot (seeds 000 §3.1 bidtopstatus, bid_or_not), for that bidder only. */
export interface LotBidderDocument {
  _id: string;
  [key: string]: unknown;
  lot_id: string;
  user_id: string;
  bidtopstatus: BidTopStatus;
  bid_or_not: number;
  max_bid: number;
  last_bid_at: string;
  /** The position of the last bid that took the lead from this bidder (absent: never outbid so). */
  outbid_position?: string;
  _position: string;
}

export const lotBidderId = (lotId: string, userId: string) => `${lotId}:${userId}`;

/**
 * Creates the bidder's document when absent (at the start position, so the guarded update that follows
 * applies), then changes it only if this event is newer than the last one applied to it.
 */
function bidderUpdate(
  lotId: string,
  userId: string,
  event: RecordedEvent,
  update: { $set?: Record<string, unknown>; $inc?: Record<string, number> },
): ProjectedOperation[] {
  const _id = lotBidderId(lotId, userId);
  return [
    {
      collection: LOT_BIDDERS,
      operation: {
        updateOne: {
          filter: { _id },
          update: {
            // The whole document, `_id` too: the embedded store makes it in one step.
            $setOnInsert: {
              _id,
              lot_id: lotId,
              user_id: userId,
              bidtopstatus: 'outbid',
              bid_or_not: 0,
              max_bid: 0,
              last_bid_at: event.metadata.occurredAt,
              _position: START,
            },
          },
          upsert: true,
        },
      },
    },
    guardedUpdate(LOT_BIDDERS, _id, event, update),
  ];
}

/** The bid history and every bidder's standing on each lot. */
export const bidsProjection = defineProjection<LotEvent>({
  name: 'bids',
  collections: [BIDS, LOT_BIDDERS],
  handles: ['BidPlaced', 'ProxyBidPlaced', 'MaxBidRaised', 'LotClosed', 'BidsCancelled'],
  indexes: {
    [BIDS]: [{ key: { lot_id: 1, declined: 1, _position: -1 }, name: 'lot_history' }],
    [LOT_BIDDERS]: [
      { key: { user_id: 1, bidtopstatus: 1, last_bid_at: -1 }, name: 'user_status' },
      // A lot's standings changed since a position: whom a window of the lot's events touched (the bus).
      { key: { lot_id: 1, _position: 1 }, name: 'lot_position' },
    ],
  },
  project(event): ProjectedOperation[] {
    const lotId = lotIdOf(event);
    switch (event.type) {
      case 'BidPlaced':
      case 'ProxyBidPlaced': {
        const bid = event.data;
        const bidderId = sharedId(bid.bidderId);
        const row: BidDocument = {
          _id: bid.bidId,
          lot_id: lotId,
          user_id: bidderId,
          proposed_amount: bid.amount,
          max_amount: bid.maxAmount,
          created_at: event.metadata.occurredAt,
          declined: 0,
          proxy: event.type === 'ProxyBidPlaced',
          _position: event.position,
        };
        const own = event.type === 'BidPlaced';
        return [
          {
            collection: BIDS,
            operation: {
              updateOne: { filter: { _id: row._id }, update: { $setOnInsert: row }, upsert: true },
            },
          },
          ...bidderUpdate(lotId, bidderId, event, {
            $set: {
              bidtopstatus: bidTopStatus({ leads: bid.leads }),
              max_bid: bid.maxAmount,
              ...(own && { last_bid_at: event.metadata.occurredAt }),
            },
            ...(own && { $inc: { bid_or_not: 1 } }),
          }),
          ...(bid.outbidUserId
            ? bidderUpdate(lotId, sharedId(bid.outbidUserId), event, {
                $set: { bidtopstatus: bidTopStatus({ leads: false }), outbid_position: event.position },
              })
            : []),
        ];
      }
      case 'MaxBidRaised':
        return bidderUpdate(lotId, sharedId(event.data.bidderId), event, {
          $set: { max_bid: event.data.maxAmount, last_bid_at: event.metadata.occurredAt },
          $inc: { bid_or_not: 1 },
        });
      case 'LotClosed':
        return [
          ...(event.data.winnerId
            ? bidderUpdate(lotId, event.data.winnerId, event, {
                $set: { bidtopstatus: bidTopStatus({ leads: true, closed: true }) },
              })
            : []),
          ...event.data.losers.flatMap((userId) =>
            bidderUpdate(lotId, userId, event, {
              $set: { bidtopstatus: bidTopStatus({ leads: false, closed: true }) },
            }),
          ),
        ];
      case 'BidsCancelled':
        return cancelledBids(lotId, event.data, event);
      default:
        return [];
    }
  },
});

/**
 * Issue 33: the house cancelled bids and the ladder ran again. The history shows the new ladder's rows
 * (a row it kept keeps its time; the others are declined, as seeds 000 §7's `declined` says), and each
 * bidder's standing follows it; the cancelled bidder, with nothing left, is outbid.
 */
function cancelledBids(
  lotId: string,
  { rows, after, bidderId }: Extract<LotEvent, { type: 'BidsCancelled' }>['data'],
  event: RecordedEvent,
): ProjectedOperation[] {
  const maxima = new Map<string, number>();
  for (const row of rows) maxima.set(row.bidderId, row.maxAmount);
  if (!maxima.has(bidderId)) maxima.set(bidderId, 0);
  return [
    {
      collection: BIDS,
      operation: {
        updateMany: {
          // The rows the new ladder keeps stay as they were (their time and place in the history).
          filter: {
            lot_id: lotId,
            declined: 0,
            _id: { $nin: rows.map((row) => row.bidId) },
            _position: { $lt: event.position },
          },
          update: { $set: { declined: 1 } },
        },
      },
    },
    ...rows.map(
      (row): ProjectedOperation => ({
        collection: BIDS,
        operation: {
          updateOne: {
            filter: { _id: row.bidId },
            update: {
              $set: {
                user_id: sharedId(row.bidderId),
                proposed_amount: row.amount,
                max_amount: row.maxAmount,
                proxy: row.proxy,
                declined: 0,
              },
              $setOnInsert: {
                lot_id: lotId,
                created_at: event.metadata.occurredAt,
                _position: event.position,
              },
            },
            upsert: true,
          },
        },
      }),
    ),
    ...[...maxima].flatMap(([userId, max]) =>
      bidderUpdate(lotId, sharedId(userId), event, {
        $set: { bidtopstatus: bidTopStatus({ leads: userId === after.leaderId }), max_bid: max },
      }),
    ),
  ];
}

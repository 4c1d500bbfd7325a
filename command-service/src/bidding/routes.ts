import {
  actions,
  type BidConfirmResult,
  bidMessages,
  bidTopStatus,
  type MarketSettings,
} from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import { eventIdFor, type Streams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import type { BiddingRules } from '../lots/decide-bid.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';

export interface BiddingRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** The bidding settings as they read now (issue 34: a change applies to the next bid). */
  market: () => MarketSettings;
}

/** The market settings as the bid decider reads them (DOMAIN.md "Bids"). */
export const biddingRules = (market: MarketSettings): BiddingRules => ({
  increments: market.bid_increments,
  proxy: market.proxy_bidding_settings !== 0,
  softCloseWindowMinutes: market.soft_close_window_minutes,
  softCloseExtendMinutes: market.soft_close_extend_minutes,
});

/** seeds 000 §4.3: bid/confirm with wsprice (cents), the lot id and bidding_type. */
export const biddingRoutes: FastifyPluginAsync<BiddingRouteDeps> = async (app, deps) => {
  const { streams, clock, auth } = deps;

  registerAction(app, actions.bidConfirm, auth, async (input, ctx): Promise<BidConfirmResult> => {
    // The arrival time decides whether the bid beat the close, however long it queues behind others.
    const now = clock.now();
    const session = auth.sessionOf(ctx.request);
    const bidderId = session.user.id;
    const stream = lotStream(input.id);
    const result = await streams.handle(
      stream,
      lotDecider,
      {
        type: 'PlaceBid',
        bidId: eventIdFor(ctx.commandId, stream, -1),
        bidderId,
        amount: input.wsprice,
        hasCard: session.user.cards.length > 0,
        now,
        rules: biddingRules(deps.market()),
        biddingType: input.bidding_type,
      },
      commandContext(ctx, actorOf(session), now),
    );
    const lot = await streams.load(stream, lotDecider);
    if (lot.status === 'empty') throw new AppError('LOT_NOT_FOUND');
    ctx.setMessage(bidMessages.placed);
    return {
      id: input.id,
      wprice: lot.price,
      next_bid: lot.nextBid,
      bid_count: lot.bidCount,
      bidtopstatus: bidTopStatus({ leads: lot.leader?.bidderId === bidderId }),
      date_closed: lot.lot.closesAt,
      position: result.position ?? '',
    };
  });
};

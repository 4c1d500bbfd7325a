import {
  actions,
  type BidConfirmResult,
  bidMessages,
  bidTopStatus,
  type MarketSettings,
} from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { type ActionContext, AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import { eventIdFor, type Streams } from '../core/command-handler.ts';
import { type LotCommand, lotDecider } from '../lots/decide.ts';
import type { BiddingRules, PlaceBid } from '../lots/decide-bid.ts';
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

/** What a bidder's maximum on a lot is decided with, beside its own command type and fields. */
type MaximumFields = Pick<PlaceBid, 'bidId' | 'bidderId' | 'amount' | 'hasCard' | 'now' | 'rules'>;

/**
 * A bidder's maximum placed on a lot's stream (a timed bid, an advance bid before a live call): the
 * arrival time, the session's bidder and card, the market's rules, the command id's bid id; then the
 * lot as it stands for the answer. One step for bid/confirm and the advance bids (live/routes.ts).
 */
export async function placeMaximum(
  deps: BiddingRouteDeps,
  ctx: ActionContext,
  input: { id: string; wsprice: number },
  command: (fields: MaximumFields) => LotCommand,
) {
  // The arrival time decides whether the bid beat the close, however long it queues behind others.
  const now = deps.clock.now();
  const session = deps.auth.sessionOf(ctx.request);
  const bidderId = session.user.id;
  const stream = lotStream(input.id);
  const result = await deps.streams.handle(
    stream,
    lotDecider,
    command({
      bidId: eventIdFor(ctx.commandId, stream, -1),
      bidderId,
      amount: input.wsprice,
      hasCard: session.user.cards.length > 0,
      now,
      rules: biddingRules(deps.market()),
    }),
    commandContext(ctx, actorOf(session), now),
  );
  const lot = await deps.streams.load(stream, lotDecider);
  if (lot.status === 'empty') throw new AppError('LOT_NOT_FOUND');
  return {
    lot,
    position: result.position ?? '',
    answer: {
      id: input.id,
      wprice: lot.price,
      next_bid: lot.nextBid,
      bid_count: lot.bidCount,
      bidtopstatus: bidTopStatus({ leads: lot.leader?.bidderId === bidderId }),
      position: result.position ?? '',
    },
  };
}

/** seeds 000 §4.3: bid/confirm with wsprice (cents), the lot id and bidding_type. */
export const biddingRoutes: FastifyPluginAsync<BiddingRouteDeps> = async (app, deps) => {
  registerAction(app, actions.bidConfirm, deps.auth, async (input, ctx): Promise<BidConfirmResult> => {
    const { lot, answer } = await placeMaximum(deps, ctx, input, (fields) => ({
      type: 'PlaceBid',
      ...fields,
      biddingType: input.bidding_type,
    }));
    ctx.setMessage(bidMessages.placed);
    return { ...answer, date_closed: lot.lot.closesAt };
  });
};

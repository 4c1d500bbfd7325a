import {
  type Action,
  actions,
  type BidConfirmResult,
  bidMessages,
  buyNowMessages,
  type MarketSettings,
} from '@wine/contracts';
import { cartStream, lotStream, userStream } from '@wine/event-schemas';
import { type Clock, registerAction } from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { cartDecider } from '../carts/cart.ts';
import { type CommandContext, eventIdFor, type Streams } from '../core/command-handler.ts';
import { commandErrors } from '../errors.ts';
import { actorOf } from '../users/accounts.ts';
import { userDecider } from '../users/decide.ts';
import type { SessionAuth } from '../users/session-auth.ts';
import { buyNowLine } from './buy-now.ts';
import { type BiddingRules, type LotChanges, type LotEditor, lotDecider } from './decide.ts';
import { lotFromInput } from './list-lot.ts';

export interface LotRoutesDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  market: MarketSettings;
}

type Input<A extends Action> = z.output<A['input']>;

/** The input's changed fields as the decider takes them (the id is not a change). */
const changesOf = ({ id: _id, ...changes }: Input<typeof actions.updateLot>): LotChanges =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as LotChanges;

export function lotRoutes(app: FastifyInstance, { streams, clock, auth, market }: LotRoutesDeps): void {
  const rules: BiddingRules = {
    increments: market.bid_increments,
    proxy: market.proxy_bidding_settings !== 0,
    softCloseWindowMinutes: market.soft_close_window_minutes,
    softCloseExtendMinutes: market.soft_close_extend_minutes,
  };
  const biddingType = rules.proxy ? 'proxy' : 'hard';
  const context = (
    ctx: { commandId: string; correlationId: string },
    actor: CommandContext['actor'],
    now = clock.now(),
  ): CommandContext => ({ commandId: ctx.commandId, correlationId: ctx.correlationId, actor, now });

  async function list(input: Input<typeof actions.createLot>, sellerId: string, ctx: CommandContext) {
    const lot = lotFromInput(input, sellerId, ctx.now, ctx.commandId);
    const result = await streams.handle(
      lotStream(lot.lotId),
      lotDecider,
      { type: 'ListLot', data: lot, now: ctx.now },
      ctx,
    );
    return { id: lot.lotId, position: result.position ?? '' };
  }

  async function update(input: Input<typeof actions.updateLot>, by: LotEditor, ctx: CommandContext) {
    const result = await streams.handle(
      lotStream(input.id),
      lotDecider,
      { type: 'UpdateLot', changes: changesOf(input), by, now: ctx.now },
      ctx,
    );
    const changed = result.events.flatMap((e) => (e.type === 'LotUpdated' ? e.data.changed : []));
    return { id: input.id, changed };
  }

  async function withdraw(input: Input<typeof actions.withdrawLot>, by: LotEditor, ctx: CommandContext) {
    await streams.handle(
      lotStream(input.id),
      lotDecider,
      { type: 'WithdrawLot', reason: input.reason, by },
      ctx,
    );
    return { id: input.id };
  }

  registerAction(app, actions.createLot, auth, (input, ctx) =>
    // An admin lists lots on the house's behalf.
    list(input, 'house', context(ctx, auth.adminOf(ctx.request))),
  );
  registerAction(app, actions.updateLot, auth, (input, ctx) =>
    update(input, { kind: 'admin' }, context(ctx, auth.adminOf(ctx.request))),
  );
  registerAction(app, actions.withdrawLot, auth, (input, ctx) =>
    withdraw(input, { kind: 'admin' }, context(ctx, auth.adminOf(ctx.request))),
  );
  registerAction(app, actions.sellerCreateLot, auth, (input, ctx) => {
    // The seller role was checked before the body was read (session-auth).
    const session = auth.sessionOf(ctx.request);
    return list(input, session.user.id, context(ctx, actorOf(session)));
  });
  registerAction(app, actions.sellerUpdateLot, auth, (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    return update(input, { kind: 'seller', userId: session.user.id }, context(ctx, actorOf(session)));
  });
  registerAction(app, actions.sellerWithdrawLot, auth, (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    return withdraw(input, { kind: 'seller', userId: session.user.id }, context(ctx, actorOf(session)));
  });
  registerAction(app, actions.setSeller, auth, async (input, ctx) => {
    await streams.handle(
      userStream(input.id),
      userDecider,
      input.seller ? { type: 'GrantRole', role: 'seller' } : { type: 'RevokeRole', role: 'seller' },
      context(ctx, auth.adminOf(ctx.request)),
    );
    return null;
  });

  // seeds 000 §4.3: bid/confirm with wsprice (cents), the lot id and bidding_type.
  registerAction(app, actions.bidConfirm, auth, async (input, ctx): Promise<BidConfirmResult> => {
    // The arrival time decides whether the bid beat the close, however long it queues behind others.
    const now = clock.now();
    const session = auth.sessionOf(ctx.request);
    if (input.bidding_type && input.bidding_type !== biddingType)
      throw commandErrors.wrongBiddingType(biddingType);
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
        rules,
      },
      context(ctx, actorOf(session), now),
    );
    const lot = await streams.load(stream, lotDecider);
    if (lot.status === 'empty') throw commandErrors.lotNotFound();
    ctx.setMessage(bidMessages.placed);
    return {
      id: input.id,
      wprice: lot.price,
      next_bid: lot.nextBid,
      bid_count: lot.bidCount,
      bidtopstatus: lot.leader?.bidderId === bidderId ? 'winner' : 'outbid',
      date_closed: lot.lot.closesAt,
      position: result.position ?? '',
    };
  });

  // seeds 000 §4.4 / §5: every line is checked against its lot before anything is written.
  registerAction(app, actions.addToCart, auth, async (input, ctx) => {
    const now = clock.now();
    const session = auth.sessionOf(ctx.request);
    if (session.user.cards.length === 0) throw commandErrors.addCardToBuy();
    const lines = [];
    for (const { product_id, qty } of input.cart) {
      const lot = await streams.load(lotStream(product_id), lotDecider);
      const { unitPrice } = buyNowLine(lot, qty, session.user.id, now);
      lines.push({ lotId: product_id, qty, unitPrice });
    }
    await streams.handle(
      cartStream(session.user.id),
      cartDecider,
      { type: 'SetLines', lines },
      context(ctx, actorOf(session), now),
    );
    ctx.setMessage(buyNowMessages.added);
    return { lines: lines.map((l) => ({ product_id: l.lotId, qty: l.qty, unit_price: l.unitPrice })) };
  });

  // seeds 000 §4.7: the watchlist toggle.
  registerAction(app, actions.addWatchlist, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const lot = await streams.load(lotStream(input.project_id), lotDecider);
    if (lot.status === 'empty') throw commandErrors.lotNotFound();
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      { type: 'WatchLot', lotId: input.project_id },
      context(ctx, actorOf(session)),
    );
    ctx.setMessage('Added to watchlist');
    return { watchlistid: 1 as const };
  });
  registerAction(app, actions.removeWatchlist, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      { type: 'UnwatchLot', lotId: input.project_id },
      context(ctx, actorOf(session)),
    );
    ctx.setMessage('Removed from watchlist');
    return { watchlistid: 0 as const };
  });
}

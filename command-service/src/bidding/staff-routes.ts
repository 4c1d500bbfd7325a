import { type Action, actions, type MarketSettings } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { type ActionContext, AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import { lotDecider } from '../lots/decide.ts';
import { bidsSeen, bookOf } from '../lots/decide-cancel.ts';
import type { Accounts } from '../users/accounts.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { biddingRules } from './routes.ts';

export interface StaffBidRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** The bidding settings as they read now (issue 34). */
  market: () => MarketSettings;
  accounts: Pick<Accounts, 'ownerOf' | 'loadUser'>;
}

type Input<A extends Action> = z.output<A['input']>;

/**
 * Issue 33 "Bid cancel and manual award" (seeds 001 §7 bid/bidCancel, bid/manualAward,
 * seller/bid/manualAward): decided on the lot's stream, so a cancel and a bid, or an award and a close,
 * cannot both win. No member of staff cancels their own bid or awards a lot to themself.
 */
export const staffBidRoutes: FastifyPluginAsync<StaffBidRouteDeps> = async (app, deps) => {
  const { streams, clock, auth, accounts } = deps;

  registerAction(app, actions.bidCancel, auth, async (input: Input<typeof actions.bidCancel>, ctx) => {
    const admin = auth.adminOf(ctx.request);
    const now = clock.now();
    const stream = lotStream(input.id);
    // The book is read from the lot's events; a bid landing before the cancel is decided reads it again.
    const cancel = async () => {
      const seen = bidsSeen(await streams.load(stream, lotDecider));
      const book = bookOf(await streams.store.readStream(stream));
      const whose = input.bidderId ?? book.find((entry) => entry.bidId === input.bidId)?.bidderId;
      if (whose) refuseOwnMoneyRecord(admin.id, [whose]);
      const command = {
        type: 'CancelBids',
        book,
        seen,
        bidId: input.bidId ?? null,
        bidderId: input.bidderId ?? null,
        reason: input.reason,
        extendMinutes: input.extendMinutes,
        reopen: input.reopen,
        rules: biddingRules(deps.market()),
        now,
      } as const;
      return streams.handle(stream, lotDecider, command, commandContext(ctx, admin, now));
    };
    let result: Awaited<ReturnType<typeof cancel>> | undefined;
    for (let attempt = 1; !result; attempt++) {
      try {
        result = await cancel();
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'BIDS_CHANGED') || attempt >= 5) throw error;
      }
    }
    const event = result.events.find((e) => e.type === 'BidsCancelled');
    if (event?.type !== 'BidsCancelled') throw new Error('a cancel writes BidsCancelled');
    const lot = await streams.load(stream, lotDecider);
    const { before: was, after } = event.data;
    return {
      id: input.id,
      cancelled: event.data.bidIds.length,
      before: was,
      after: { price: after.price, leaderId: after.leaderId, nextBid: after.nextBid },
      closesAt: lot.status === 'empty' ? '' : lot.lot.closesAt,
    };
  });

  /** The buyer named by id or e-mail: a registered, active user. */
  async function buyerOf(input: Input<typeof actions.manualAward>): Promise<string> {
    const id = input.buyerId ?? (input.buyerEmail ? await accounts.ownerOf(input.buyerEmail) : null);
    const user = id ? await accounts.loadUser(id) : null;
    if (!id || !user || user.status !== 'active') throw new AppError('AWARD_BUYER_UNKNOWN');
    return id;
  }

  async function award(
    input: Input<typeof actions.manualAward>,
    ctx: ActionContext,
    sellerId: string | null,
  ) {
    const session = auth.sessionOf(ctx.request);
    const actor = sellerId ? actorOf(session) : auth.adminOf(ctx.request);
    const buyerId = await buyerOf(input);
    refuseOwnMoneyRecord(session.user.id, [buyerId]);
    const now = clock.now();
    await streams.handle(
      lotStream(input.id),
      lotDecider,
      {
        type: 'AwardLot',
        buyerId,
        price: input.price,
        reason: input.reason,
        confirm: input.confirm,
        sellerId,
        now,
      },
      commandContext(ctx, actor, now),
    );
    return { id: input.id, winnerId: buyerId, hammerPrice: input.price };
  }

  registerAction(app, actions.manualAward, auth, (input, ctx) => award(input, ctx, null));
  // The seller role was checked before the body was read; the decider keeps a seller to their own lots.
  registerAction(app, actions.sellerManualAward, auth, (input, ctx) =>
    award(input, ctx, auth.sessionOf(ctx.request).user.id),
  );
};

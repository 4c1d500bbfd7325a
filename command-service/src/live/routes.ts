import { actions, type LiveLotStanding, type MarketSettings, t } from '@wine/contracts';
import { auctionStream, lotStream } from '@wine/event-schemas';
import { type ActionContext, AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { type Auction, auctionDecider } from '../auctions/decide.ts';
import { placeMaximum } from '../bidding/routes.ts';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { lotDecider } from '../lots/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import type { PlaceAdvanceBid } from './advance.ts';
import type { LiveCommand } from './decide-live.ts';
import type { LiveRoomCommand } from './room.ts';

export interface LiveRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  market: () => MarketSettings;
  /** Internet bids a minute per session (a flood from one bidder is refused before its body is read). */
  bidRateLimit?: number;
}

/** Internet bids a minute one session may send (a bidder's fastest clicking is far below). */
export const LIVE_BID_RATE_LIMIT = 600;

/**
 * Issue 37: the live room over HTTP. The auctioneer's calls go to the auction's stream (the room) and
 * the lot's (its bids and hammer); moving to the next lot finishes the one before (LotClosed, as a
 * timed close: its invoice follows), calls the next in the room and opens it at its ask, each a step
 * whose command id derives from the request's, so a retry completes what a crash left half done.
 * Closing the sale closes the lots it never called, each such a step too. Before a lot is called its
 * bidders leave advance (absentee) bids on it (seeds 001 §7 ttwbid/confirm, bid/preBidConfirm,
 * ttwbid/future_proxy; advance.ts).
 */
export const liveRoutes: FastifyPluginAsync<LiveRouteDeps> = async (app, deps) => {
  const { streams, clock, auth, market } = deps;
  const bidLimit = app.rateLimit({
    max: deps.bidRateLimit ?? LIVE_BID_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request) => request.headers.authorization ?? request.ip,
  });

  const context = (ctx: ActionContext, step = '') => {
    const actor = actorOf(auth.sessionOf(ctx.request));
    const base = commandContext(ctx, actor, clock.now());
    return step ? { ...base, commandId: `${ctx.commandId}:${step}` } : base;
  };

  async function room(ctx: ActionContext, auctionId: string, command: LiveRoomCommand, step = '') {
    return streams.handle(auctionStream(auctionId), auctionDecider, command, context(ctx, step));
  }
  async function onLot(ctx: ActionContext, lotId: string, command: LiveCommand, step = '') {
    return streams.handle(lotStream(lotId), lotDecider, command, context(ctx, step));
  }
  async function loadAuction(auctionId: string): Promise<Extract<Auction, { status: 'created' }>> {
    const auction = await streams.load(auctionStream(auctionId), auctionDecider);
    if (auction.status === 'empty') throw new AppError('AUCTION_NOT_FOUND');
    return auction;
  }

  /** Where a lot stands in the room, as the caller sees it. */
  async function standing(lotId: string, callerId: string): Promise<LiveLotStanding> {
    const lot = await streams.load(lotStream(lotId), lotDecider);
    if (lot.status === 'empty' || lot.status === 'draft' || !lot.live)
      throw new AppError('LIVE_LOT_NOT_OPEN');
    return {
      lot_id: lotId,
      ask: lot.live.ask,
      price: lot.live.price,
      leading: lot.live.leaderId === callerId,
    };
  }

  /**
   * Where a bid left the lot: its own LiveBidTaken and the house's absentee answer if any, read from
   * the events the bid wrote (a retried bid's are replayed) rather than the lot loaded again, which a
   * hot lot's bids would each pay for; the lot as it stands when the bid wrote nothing.
   */
  async function standingAfter(
    lotId: string,
    events: readonly { type: string; data: unknown }[],
    callerId: string,
  ): Promise<LiveLotStanding> {
    const last = events.findLast((e) => e.type === 'LiveBidTaken')?.data as
      | { amount: number; nextAsk: number; bidderId: string }
      | undefined;
    if (!last) return standing(lotId, callerId);
    return { lot_id: lotId, ask: last.nextAsk, price: last.amount, leading: last.bidderId === callerId };
  }

  /** The lot the room is on must have its call (sold or passed) before the room moves on; then it is closed. */
  async function finish(ctx: ActionContext, lotId: string | null, step: string) {
    if (!lotId) return;
    const lot = await streams.load(lotStream(lotId), lotDecider);
    if (lot.status === 'open' && lot.live && !lot.live.hammer) throw new AppError('LIVE_LOT_OPEN');
    await onLot(ctx, lotId, { type: 'FinishLiveLot', now: clock.now() }, step);
  }

  registerAction(app, actions.liveOpenSale, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await room(ctx, input.auction_id, { type: 'OpenSale', auctioneerId: session.user.id });
    ctx.setMessage(t('live.saleOpened'));
    return null;
  });

  registerAction(app, actions.liveCallLot, auth, async (input, ctx) => {
    const auction = await loadAuction(input.auction_id);
    const previous = auction.room?.currentLotId ?? null;
    if (previous !== input.lot_id) await finish(ctx, previous, 'finish');
    await room(ctx, input.auction_id, { type: 'CallLot', lotId: input.lot_id }, 'call');
    await onLot(
      ctx,
      input.lot_id,
      {
        type: 'OpenLiveLot',
        auctionId: input.auction_id,
        increments: market().bid_increments,
        now: clock.now(),
      },
      'open',
    );
    ctx.setMessage(t('live.lotCalled'));
    return standing(input.lot_id, auth.sessionOf(ctx.request).user.id);
  });

  registerAction(app, actions.livePause, auth, async (input, ctx) => {
    await room(ctx, input.auction_id, { type: 'PauseSale', reason: input.reason });
    ctx.setMessage(t('live.paused'));
    return null;
  });
  registerAction(app, actions.liveResume, auth, async (input, ctx) => {
    await room(ctx, input.auction_id, { type: 'ResumeSale' });
    ctx.setMessage(t('live.resumed'));
    return null;
  });
  registerAction(app, actions.liveMessage, auth, async (input, ctx) => {
    await room(ctx, input.auction_id, { type: 'SpeakToRoom', text: input.text });
    ctx.setMessage(t('live.messageSent'));
    return null;
  });
  registerAction(app, actions.liveCloseSale, auth, async (input, ctx) => {
    const auctionId = input.auction_id;
    const auction = await loadAuction(auctionId);
    // Refused as the room refuses it (not live, not open) before any lot is touched; a room closed
    // already (a retry, or a second clerk) still has the lots a crash left open closed.
    if (auction.room?.status !== 'closed') auctionDecider.decide({ type: 'CloseSale' }, auction);
    await finish(ctx, auction.room?.currentLotId ?? null, 'finish');
    // The lots never called leave the catalogue, unsold: their advance bids stand no more.
    const called = new Set(auction.room?.called ?? []);
    for (const { lotId } of auction.lots) {
      if (called.has(lotId)) continue;
      const closing: LiveCommand = { type: 'FinishLiveLot', now: clock.now(), closedSale: auctionId };
      await onLot(ctx, lotId, closing, `uncalled:${lotId}`);
    }
    await room(ctx, auctionId, { type: 'CloseSale' }, 'close');
    ctx.setMessage(t('live.saleClosed'));
    return null;
  });

  registerAction(app, actions.liveAsk, auth, async (input, ctx) => {
    await onLot(ctx, input.lot_id, { type: 'ChangeAsk', ask: input.ask });
    ctx.setMessage(t('live.askChanged'));
    return standing(input.lot_id, auth.sessionOf(ctx.request).user.id);
  });

  registerAction(app, actions.liveFloorBid, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const lot = await streams.load(lotStream(input.lot_id), lotDecider);
    if (lot.status === 'empty' || lot.status === 'draft' || !lot.live)
      throw new AppError('LIVE_LOT_NOT_OPEN');
    const auction = await loadAuction(lot.live.auctionId);
    const bidderId = auction.paddles?.byPaddle[input.paddle];
    if (!bidderId) throw new AppError('PADDLE_UNKNOWN');
    // Separation of duties: the clerk never takes a bid for themself.
    if (bidderId === session.user.id) throw new AppError('LIVE_OWN_BID');
    await onLot(ctx, input.lot_id, {
      type: 'TakeLiveBid',
      bidId: derivedId('LB', input.lot_id, ctx.commandId),
      source: input.source,
      bidderId,
      paddle: input.paddle,
      ask: input.ask,
      hasCard: true,
      increments: market().bid_increments,
    });
    ctx.setMessage(t('live.bidTaken'));
    return standing(input.lot_id, bidderId);
  });

  registerAction(app, actions.liveReserveBid, auth, async (input, ctx) => {
    await onLot(ctx, input.lot_id, {
      type: 'TakeLiveBid',
      bidId: derivedId('LB', input.lot_id, ctx.commandId),
      source: 'consignor',
      ask: input.ask,
      increments: market().bid_increments,
    });
    ctx.setMessage(t('live.consignorBid'));
    return standing(input.lot_id, auth.sessionOf(ctx.request).user.id);
  });

  registerAction(app, actions.liveFairWarning, auth, async (input, ctx) => {
    await onLot(ctx, input.lot_id, { type: 'FairWarning' });
    ctx.setMessage(t('live.fairWarning'));
    return null;
  });
  registerAction(app, actions.liveHammer, auth, async (input, ctx) => {
    await onLot(ctx, input.lot_id, { type: 'Hammer', outcome: input.outcome });
    ctx.setMessage(t(input.outcome === 'sold' ? 'live.sold' : 'live.passed'));
    return null;
  });
  registerAction(app, actions.liveUndo, auth, async (input, ctx) => {
    await onLot(ctx, input.lot_id, { type: 'UndoCall', reason: input.reason });
    ctx.setMessage(t('live.undone'));
    return null;
  });

  registerAction(app, actions.liveRegister, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await room(ctx, input.auction_id, { type: 'AssignPaddle', userId: session.user.id });
    const paddle = (await loadAuction(input.auction_id)).paddles?.byUser[session.user.id] as string;
    ctx.setMessage(t('live.registered', { paddle }));
    return { paddle };
  });

  registerAction(
    app,
    actions.liveBid,
    auth,
    async (input, ctx) => {
      const session = auth.sessionOf(ctx.request);
      const result = await onLot(ctx, input.lot_id, {
        type: 'TakeLiveBid',
        bidId: derivedId('LB', input.lot_id, ctx.commandId),
        source: 'internet',
        bidderId: session.user.id,
        paddle: null,
        ask: input.ask,
        hasCard: session.user.cards.length > 0,
        increments: market().bid_increments,
      });
      // After the hammer the bid was written as missed (for the clerk), and it is refused.
      if (result.events.some((e) => e.type === 'LiveBidMissed')) throw new AppError('LIVE_BID_MISSED');
      ctx.setMessage(t('live.bidPlaced'));
      return standingAfter(input.lot_id, result.events, session.user.id);
    },
    { onRequest: [bidLimit] },
  );

  /** An advance bid on the lot's stream, and where the lot stands for its bidder (as bid/confirm answers). */
  async function advance(
    input: { id: string; wsprice: number },
    ctx: ActionContext,
    window: PlaceAdvanceBid['window'],
  ) {
    const { answer } = await placeMaximum(deps, ctx, input, (fields) => ({
      type: 'PlaceAdvanceBid',
      ...fields,
      window,
    }));
    ctx.setMessage(t('live.advancePlaced'));
    return answer;
  }
  registerAction(app, actions.ttwbidConfirm, auth, (input, ctx) => advance(input, ctx, 'absentee'));
  registerAction(app, actions.ttwbidFutureProxy, auth, (input, ctx) => advance(input, ctx, 'future'));
};

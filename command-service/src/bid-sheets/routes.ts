import { actions, type BidSheetResult, type MarketSettings, t } from '@wine/contracts';
import { auctionStream, bidSheetStream, lotStream } from '@wine/event-schemas';
import { AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { auctionDecider } from '../auctions/decide.ts';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { bidSheetDecider } from './decide.ts';
import { lotFacts } from './lot-facts.ts';
import type { BidSheet } from './sheet.ts';

export interface BidSheetRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** The bidding settings as they read now: the premium the limit is counted with, proxy or hard. */
  market: () => MarketSettings;
}

const resultOf = (auctionId: string, sheet: BidSheet, position: string | null): BidSheetResult => {
  if (sheet.status === 'empty') throw new AppError('BIDSHEET_NOT_FOUND');
  return {
    auction_id: auctionId,
    status: sheet.status,
    limit: sheet.limit,
    lines: sheet.lines.length,
    position: position ?? '',
  };
};

/**
 * Issue 37 §6: the bidder's bid sheet for one auction, on its own stream (`bidsheet-<auction>~<user>`,
 * the caller's: nobody names another's). A save is decided with the auction's lots in catalogue order
 * and what each takes now (bid-sheets/decide.ts); the house then places its lines (process.ts).
 */
export const bidSheetRoutes: FastifyPluginAsync<BidSheetRouteDeps> = async (app, deps) => {
  const { streams, clock, auth } = deps;

  registerAction(app, actions.bidSheetSave, auth, async (input, ctx) => {
    const now = clock.now();
    const session = auth.sessionOf(ctx.request);
    const bidderId = session.user.id;
    const auction = await streams.load(auctionStream(input.auction_id), auctionDecider);
    if (auction.status === 'empty') throw new AppError('AUCTION_NOT_FOUND', { field: 'auction_id' });
    const market = deps.market();
    const proxy = market.proxy_bidding_settings !== 0;
    // A timed sale in a hard-bidding market takes prices, not maximums: no sheet can bid there.
    if (auction.fields.kind === 'timed' && !proxy) throw new AppError('BIDSHEET_PROXY_ONLY');
    // Only the lots the sheet names are read, in the auction's catalogue order.
    const named = new Set(input.lines.map((line) => line.lot_id));
    const catalogue = await Promise.all(
      auction.lots
        .filter((scheduled) => named.has(scheduled.lotId))
        .map(async ({ lotId }) =>
          lotFacts(lotId, await streams.load(lotStream(lotId), lotDecider), bidderId, now, proxy),
        ),
    );
    const stream = bidSheetStream(input.auction_id, bidderId);
    const result = await streams.handle(
      stream,
      bidSheetDecider,
      {
        type: 'SaveSheet',
        auctionId: input.auction_id,
        bidderId,
        limit: input.limit,
        lines: input.lines.map((line) => ({ lotId: line.lot_id, max: line.max })),
        groups: input.groups.map((group) => ({ lotIds: group.lot_ids })),
        catalogue,
        premiumPercent: market.buyer_premium,
        hasCard: session.user.cards.length > 0,
      },
      commandContext(ctx, actorOf(session), now),
    );
    ctx.setMessage(t('bidSheet.saved'));
    return resultOf(input.auction_id, await streams.load(stream, bidSheetDecider), result.position);
  });

  registerAction(app, actions.bidSheetCancel, auth, async (input, ctx) => {
    const now = clock.now();
    const session = auth.sessionOf(ctx.request);
    const stream = bidSheetStream(input.auction_id, session.user.id);
    const result = await streams.handle(
      stream,
      bidSheetDecider,
      { type: 'CancelSheet' },
      commandContext(ctx, actorOf(session), now),
    );
    ctx.setMessage(t('bidSheet.cancelled'));
    return resultOf(input.auction_id, await streams.load(stream, bidSheetDecider), result.position);
  });
};

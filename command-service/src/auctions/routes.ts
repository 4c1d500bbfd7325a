import { type Action, actions, type CatalogueSettings } from '@wine/contracts';
import { auctionStream, lotStream } from '@wine/event-schemas';
import { type ActionContext, AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { commandContext } from '../core/command-context.ts';
import { eventIdFor, type Streams } from '../core/command-handler.ts';
import { lotDecider, schedulingError, schedulingProblem } from '../lots/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { type Auction, auctionDecider } from './decide.ts';
import { scheduleArrangedLots } from './schedule-lots.ts';

export interface AuctionRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** The house's staggered-close default, read at each command (issue 34 "Settings"). */
  catalogue: () => CatalogueSettings;
}

type Input<A extends Action> = z.output<A['input']>;
const iso = (date: string) => new Date(date).toISOString();

/**
 * Issue 33 "Auctions": an admin creates an auction, arranges its lots and changes its dates. The
 * auction's stream records the order and each lot's planned close; each lot's stream then records its
 * place (LotScheduled), with a command id derived from the request's, so a retry after a crash
 * between the two finishes the lots and writes nothing twice.
 */
export const auctionRoutes: FastifyPluginAsync<AuctionRouteDeps> = async (
  app,
  { streams, clock, auth, catalogue },
) => {
  const asAdmin = (ctx: ActionContext) => commandContext(ctx, auth.adminOf(ctx.request), clock.now());

  /** Each lot the arrangement names must be free to take its place: checked before anything is written. */
  async function checkLots(state: Auction, auctionId: string, lotIds: string[], now: Date) {
    if (state.status === 'empty') return;
    const placed = new Map(state.lots.map((l) => [l.lotId, l]));
    for (const lotId of lotIds) {
      if (placed.has(lotId)) continue;
      const lot = await streams.load(lotStream(lotId), lotDecider);
      const problem = schedulingProblem(lot, {
        lotId,
        auctionId,
        lotNumber: null,
        startsAt: lot.status === 'empty' ? '' : lot.lot.startsAt,
        closesAt: lot.status === 'empty' ? '' : lot.lot.closesAt,
        now,
      });
      if (problem) throw schedulingError(problem, lotId, lot);
    }
  }

  registerAction(
    app,
    actions.createAuction,
    auth,
    async (input: Input<typeof actions.createAuction>, ctx) => {
      const context = asAdmin(ctx);
      const { id, ...given } = input;
      const auctionId = id ?? eventIdFor(context.commandId, 'auction', 0);
      const fields = {
        ...given,
        lotsPerMinute: given.lotsPerMinute ?? catalogue().lotsPerMinute,
        startsAt: iso(given.startsAt),
        firstCloseAt: iso(given.firstCloseAt),
      };
      await streams.handle(
        auctionStream(auctionId),
        auctionDecider,
        { type: 'CreateAuction', auctionId, fields, now: context.now },
        context,
      );
      return { id: auctionId };
    },
  );

  registerAction(
    app,
    actions.updateAuction,
    auth,
    async (input: Input<typeof actions.updateAuction>, ctx) => {
      const context = asAdmin(ctx);
      const { id, ...given } = input;
      const changes = Object.fromEntries(
        Object.entries({
          ...given,
          ...(given.startsAt && { startsAt: iso(given.startsAt) }),
          ...(given.firstCloseAt && { firstCloseAt: iso(given.firstCloseAt) }),
        }).filter(([, value]) => value !== undefined),
      );
      const result = await streams.handle(
        auctionStream(id),
        auctionDecider,
        { type: 'UpdateAuction', changes, now: context.now },
        context,
      );
      await scheduleArrangedLots(streams, id, result.events, context);
      const changed = result.events.flatMap((e) => (e.type === 'AuctionUpdated' ? e.data.changed : []));
      return { id, changed };
    },
  );

  registerAction(
    app,
    actions.arrangeAuction,
    auth,
    async (input: Input<typeof actions.arrangeAuction>, ctx) => {
      const context = asAdmin(ctx);
      const before = await streams.load(auctionStream(input.id), auctionDecider);
      if (before.status === 'empty') throw new AppError('AUCTION_NOT_FOUND');
      await checkLots(before, input.id, input.lotIds, context.now);
      const result = await streams.handle(
        auctionStream(input.id),
        auctionDecider,
        { type: 'ArrangeLots', lotIds: input.lotIds, now: context.now },
        context,
      );
      return { id: input.id, ...(await scheduleArrangedLots(streams, input.id, result.events, context)) };
    },
  );
};

import { actions, type SellerTerms } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { lotDecider } from './decide.ts';

export interface ReviewRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** The terms of consignment of the day (configuration), recorded on each approval. */
  sellerTerms: SellerTerms;
}

/**
 * Issue 33 "Sellers": a seller's listing is a draft until an admin approves it (DOMAIN.md). The seller
 * submits it; an admin approves it (it goes live: LotApproved with the terms, then LotListed) or sends it
 * back with a note. No admin reviews a listing of their own (separation of duties, OWN_LISTING).
 */
export const lotReviewRoutes: FastifyPluginAsync<ReviewRouteDeps> = async (
  app,
  { streams, clock, auth, sellerTerms },
) => {
  registerAction(app, actions.sellerSubmitLot, auth, async ({ id }, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const context = commandContext(ctx, actorOf(session), clock.now());
    await streams.handle(
      lotStream(id),
      lotDecider,
      { type: 'SubmitLot', sellerId: session.user.id, now: context.now },
      context,
    );
    return { id };
  });

  registerAction(app, actions.approveLot, auth, async ({ id, startsAt, closesAt }, ctx) => {
    const admin = auth.adminOf(ctx.request);
    const context = commandContext(ctx, admin, clock.now());
    const result = await streams.handle(
      lotStream(id),
      lotDecider,
      {
        type: 'ApproveLot',
        adminId: admin.id,
        terms: sellerTerms,
        ...(startsAt && { startsAt: new Date(startsAt).toISOString() }),
        ...(closesAt && { closesAt: new Date(closesAt).toISOString() }),
        now: context.now,
      },
      context,
    );
    return { id, position: result.position ?? '' };
  });

  registerAction(app, actions.sendBackLot, auth, async ({ id, note }, ctx) => {
    const admin = auth.adminOf(ctx.request);
    await streams.handle(
      lotStream(id),
      lotDecider,
      { type: 'ReturnLot', adminId: admin.id, note },
      commandContext(ctx, admin, clock.now()),
    );
    return { id };
  });
};

import { actions, t } from '@wine/contracts';
import { lotStream, userStream } from '@wine/event-schemas';
import { type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import { invitedTo } from '../lots/lot.ts';
import { userDecider } from '../users/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';

export interface WatchlistRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
}

/** seeds 000 §4.7: the watchlist toggle, on the user's stream. */
export const watchlistRoutes: FastifyPluginAsync<WatchlistRouteDeps> = async (
  app,
  { streams, clock, auth },
) => {
  registerAction(app, actions.addWatchlist, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const lot = await streams.load(lotStream(input.project_id), lotDecider);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      {
        type: 'WatchLot',
        lotId: input.project_id,
        // Issue 36 §5: a private sale is not there for a buyer who was not invited.
        lotListed: lot.status !== 'empty' && (lot.status === 'draft' || invitedTo(lot, session.user.id)),
      },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(t('watchlist.added'));
    return { watchlistid: 1 as const };
  });
  registerAction(app, actions.removeWatchlist, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      { type: 'UnwatchLot', lotId: input.project_id },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(t('watchlist.removed'));
    return { watchlistid: 0 as const };
  });
};

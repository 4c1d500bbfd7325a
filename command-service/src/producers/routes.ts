import { actions, t } from '@wine/contracts';
import { lotStream, lotViewsStream, userStream } from '@wine/event-schemas';
import { AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import { userDecider } from '../users/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { lotViewsDecider, viewCommandId } from './lot-views.ts';

export interface ProducerRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** A server secret for the view counter's ids (lot-views.ts). */
  viewKey: string;
  /** View counts per client and minute, on top of the one-per-hour rule (default 120). */
  viewRateLimit?: number;
}

/** seeds 000 §2.7, §4.7, §7: following producers, and counting a lot's page views. */
export const producerRoutes: FastifyPluginAsync<ProducerRouteDeps> = async (
  app,
  { streams, clock, auth, viewKey, viewRateLimit = 120 },
) => {
  registerAction(app, actions.addFollower, auth, async ({ follows, rating }, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      { type: 'FollowProducer', producer: follows, rating },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(t('producers.followed', { producer: follows, rating }));
    return { follows, rating };
  });

  registerAction(app, actions.removeFollower, auth, async ({ follows }, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      { type: 'UnfollowProducer', producer: follows },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(t('producers.unfollowed', { producer: follows }));
    return { follows };
  });

  registerAction(
    app,
    actions.increaseProductViewCount,
    auth,
    async ({ id }, ctx) => {
      const lot = await streams.load(lotStream(id), lotDecider);
      if (lot.status === 'empty') throw new AppError('LOT_NOT_FOUND');
      const session = auth.sessionIfAny(ctx.request);
      const viewer = session ? `user:${session.user.id}` : `ip:${ctx.request.ip}`;
      const now = clock.now();
      const commandId = viewCommandId(viewKey, id, viewer, now);
      const result = await streams.handle(
        lotViewsStream(id),
        lotViewsDecider,
        { type: 'RecordView', lotId: id, by: session ? 'user' : 'visitor' },
        // The views name nobody: the process counts them, not the viewer.
        { commandId, correlationId: commandId, actor: { kind: 'system', id: 'lot-views' }, now },
      );
      ctx.setMessage(t('producers.viewCounted'));
      return { counted: !result.replayed };
    },
    { config: { rateLimit: { max: viewRateLimit, timeWindow: '1 minute' } } },
  );
};

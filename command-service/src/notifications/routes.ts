import { actions, t } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { userDecider } from '../users/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { selfActor } from '../users/user-service.ts';
import type { UnsubscribeLinks } from './unsubscribe-link.ts';

export interface NotificationRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  links: UnsubscribeLinks;
}

/** Issue 31: a mail's unsubscribe link turns its kind off; the signature stands for the sign-in. */
export const notificationRoutes: FastifyPluginAsync<NotificationRouteDeps> = async (
  app,
  { streams, clock, auth, links },
) => {
  registerAction(app, actions.unsubscribe, auth, async (input, ctx) => {
    if (!links.verify(input.u, input.k, input.t)) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
    // Turning off what is off already records nothing: a second click is answered the same.
    await streams.handle(
      userStream(input.u),
      userDecider,
      { type: 'Unsubscribe', kind: input.k },
      commandContext(ctx, selfActor(input.u), clock.now()),
    );
    ctx.setMessage(t('account.preferencesSaved'));
    return { kind: input.k };
  });
};

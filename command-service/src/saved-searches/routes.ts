import { actions, t } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { userDecider } from '../users/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';

export interface SavedSearchRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
}

/** seeds 000 §2.1 /saved_search: saving, switching the mail of and deleting a search, on the user's stream. */
export const savedSearchRoutes: FastifyPluginAsync<SavedSearchRouteDeps> = async (
  app,
  { streams, clock, auth },
) => {
  registerAction(app, actions.saveSearch, auth, async ({ name, search, notify }, ctx) => {
    const session = auth.sessionOf(ctx.request);
    // From the request: a retried save (same x-command-id) finds the search it made.
    const searchId = derivedId('S', session.user.id, ctx.commandId);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      { type: 'SaveSearch', search: { searchId, name, filters: search.filters, notify } },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(t('savedSearches.saved'));
    return { id: searchId };
  });

  registerAction(app, actions.savedSearchNotify, auth, async ({ id, notify }, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      { type: 'SetSavedSearchNotify', searchId: id, notify },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(t(notify ? 'savedSearches.notifyOn' : 'savedSearches.notifyOff'));
    return { id, notify };
  });

  registerAction(app, actions.deleteSavedSearch, auth, async ({ id }, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      { type: 'DeleteSavedSearch', searchId: id },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(t('savedSearches.deleted'));
    return { id };
  });
};

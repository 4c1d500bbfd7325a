import { actions } from '@wine/contracts';
import { type Mailer, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';

export interface DevRouteDeps {
  /** The embedded outbox; there is none (and no route) when mail really goes out. */
  outbox: NonNullable<Mailer['outbox']>;
  auth: SessionAuth;
}

/** The developer's outbox: every code and link mailed, so an admin's session only. */
export const devRoutes: FastifyPluginAsync<DevRouteDeps> = async (app, { outbox, auth }) => {
  registerAction(app, actions.devOutbox, auth, async () => ({ records: await outbox() }));
};

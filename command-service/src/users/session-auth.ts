import { type Action, actions } from '@wine/contracts';
import type { Authorize } from '@wine/platform';
import type { FastifyRequest } from 'fastify';
import { commandErrors } from '../errors.ts';
import type { Accounts, Session } from './accounts.ts';

export interface SessionAuth {
  /** Admin actions by the admin key; user actions need a valid session (a forced-out one only for validateUser and logout). */
  authorize: Authorize;
  /** The caller's session, set by `authorize` before the handler runs. */
  sessionOf(request: FastifyRequest): Session;
}

export function sessionAuth(accounts: Accounts, authorizeAdmin: Authorize): SessionAuth {
  const sessions = new WeakMap<FastifyRequest, Session>();
  return {
    async authorize(request, action: Action) {
      if (action.auth === 'public' || action.auth === 'viewer') return;
      if (action.auth === 'admin') return authorizeAdmin(request, action);
      const session = await accounts.authenticate(request.headers.authorization);
      if (session.forced && action !== actions.validateUser && action !== actions.logout) {
        throw commandErrors.sessionInvalid();
      }
      sessions.set(request, session);
    },
    sessionOf(request) {
      const session = sessions.get(request);
      if (!session) throw commandErrors.sessionInvalid();
      return session;
    },
  };
}

import { actions } from '@wine/contracts';
import { type ActionGuard, type Clock, type EventStore, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { historyExport } from './history-export.ts';
import { fullHistory, invoiceHistory, lotHistory, userHistory } from './history-read.ts';

export interface HistoryRouteDeps {
  store: EventStore;
  clock: Clock;
  auth: SessionAuth;
}

const pageOf = (input: { from: number; limit: number; asOf?: string | undefined }) => ({
  from: input.from,
  limit: input.limit,
  ...(input.asOf !== undefined && { asOf: input.asOf }),
});

/**
 * The auditor's history of a lot and of an invoice (DOMAIN.md "Audit"), read from the log and folded
 * by the aggregates' own evolve. These routes write nothing (no command, no event), so no command id
 * is claimed; the role (auditor or admin) is checked before the body is read, and the staff's rate
 * limit applies.
 */
export const historyRoutes: FastifyPluginAsync<HistoryRouteDeps> = async (app, { store, clock, auth }) => {
  const guard: ActionGuard = { authorize: auth.authorize, routeOptions: auth.routeOptions };
  registerAction(app, actions.lotHistory, guard, (input) => lotHistory(store, input.id, pageOf(input)));
  registerAction(app, actions.invoiceHistory, guard, (input) =>
    invoiceHistory(store, input.id, pageOf(input)),
  );
  registerAction(app, actions.userHistory, guard, (input) => userHistory(store, input.id, pageOf(input)));
  registerAction(app, actions.lotHistoryExport, guard, async (input) =>
    historyExport(await fullHistory(store, 'lot', input.id, input.asOf), input.format, clock.now()),
  );
  registerAction(app, actions.invoiceHistoryExport, guard, async (input) =>
    historyExport(await fullHistory(store, 'invoice', input.id, input.asOf), input.format, clock.now()),
  );
};

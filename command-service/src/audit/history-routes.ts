import { actions } from '@wine/contracts';
import { type ActionGuard, type Clock, type EventStore, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { historyExport } from './history-export.ts';
import { fullHistory, type HistorySources, lotHistory, streamHistory } from './history-read.ts';

export interface HistoryRouteDeps {
  store: EventStore;
  clock: Clock;
  auth: SessionAuth;
  sources: HistorySources;
}

const pageOf = (input: { from: number; limit: number; asOf?: string | undefined }) => ({
  from: input.from,
  limit: input.limit,
  ...(input.asOf !== undefined && { asOf: input.asOf }),
});

/**
 * The histories read from the log and folded by the aggregates' own evolve (DOMAIN.md "Audit"): a
 * lot's and an invoice's for auditors and admins, the house's settings too (issue 34: each change
 * with who made it and what it changed), a user's account for admins. These routes write nothing
 * (no command, no event), so no command id is claimed; the role is checked before the body is read,
 * and the staff's rate limit applies.
 */
export const historyRoutes: FastifyPluginAsync<HistoryRouteDeps> = async (
  app,
  { store, clock, auth, sources },
) => {
  const guard: ActionGuard = { authorize: auth.authorize, routeOptions: auth.routeOptions };
  registerAction(app, actions.lotHistory, guard, (input) =>
    lotHistory(store, sources, input.id, pageOf(input)),
  );
  registerAction(app, actions.invoiceHistory, guard, (input) =>
    streamHistory(store, sources.invoice, input.id, pageOf(input)),
  );
  registerAction(app, actions.paymentHistory, guard, (input) =>
    streamHistory(store, sources.payment, input.id, pageOf(input)),
  );
  registerAction(app, actions.paymentHistoryExport, guard, async (input) =>
    historyExport(
      await fullHistory(store, sources, 'payment', input.id, input.asOf),
      input.format,
      clock.now(),
    ),
  );
  registerAction(app, actions.userHistory, guard, (input) =>
    streamHistory(store, sources.user, input.id, pageOf(input)),
  );
  registerAction(app, actions.settingsHistory, guard, (input) =>
    streamHistory(store, sources.settings, input.id, pageOf(input)),
  );
  registerAction(app, actions.lotHistoryExport, guard, async (input) =>
    historyExport(await fullHistory(store, sources, 'lot', input.id, input.asOf), input.format, clock.now()),
  );
  registerAction(app, actions.invoiceHistoryExport, guard, async (input) =>
    historyExport(
      await fullHistory(store, sources, 'invoice', input.id, input.asOf),
      input.format,
      clock.now(),
    ),
  );
  registerAction(app, actions.settingsHistoryExport, guard, async (input) =>
    historyExport(
      await fullHistory(store, sources, 'settings', input.id, input.asOf),
      input.format,
      clock.now(),
    ),
  );
};

import {
  type Clock,
  type DocumentStore,
  type EventStore,
  fromLoopback,
  healthRoutes,
  type MetricsRegistry,
  projectionGauges,
  serveMetrics,
  socketGauges,
} from '@wine/platform';
import { opsStatus, type ProjectionRunner } from '@wine/projection-service';
import type { RealtimeServer } from '@wine/realtime-service';
import type { FastifyInstance } from 'fastify';

/** Health for anyone, readiness for the orchestrator, and /metrics for a Prometheus on this machine. */
export function serveHealthAndMetrics(
  app: FastifyInstance,
  metrics: MetricsRegistry,
  {
    eventStore,
    docs,
    runner,
    realtime,
    clock,
  }: {
    eventStore: EventStore;
    docs: DocumentStore;
    runner: ProjectionRunner;
    realtime: RealtimeServer;
    clock: Clock;
  },
): void {
  // Anyone may ask whether the shop is up; the projections' positions, failures and rates are for
  // support and admins (/api/ops/status).
  app.get('/api/health', async () => ({ status: 'ok' }));
  // Ready: the stores answer and the projections have reached the head of the log once.
  healthRoutes(app, {
    eventStore: async () => typeof (await eventStore.headPosition()) === 'string',
    readStore: async () => Array.isArray(await docs.listCollections()),
    projections: () => runner.caughtUpOnce(),
  });
  projectionGauges(metrics, async () => (await opsStatus({ runner, eventStore, clock })).projections);
  socketGauges(metrics, () => realtime.stats());
  // The shop's own port is public: its figures are for a Prometheus on this machine only.
  serveMetrics(app, metrics, { allow: fromLoopback });
}

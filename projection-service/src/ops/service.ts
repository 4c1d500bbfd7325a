import type { RealtimeStatusView } from '@wine/contracts';
import {
  type Clock,
  commandIdClaims,
  type DocumentStore,
  type EventStore,
  type Logger,
  type SecretStore,
  type SessionTokens,
} from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import type { Projection } from '../core/projection.ts';
import type { ProjectionRunner } from '../core/runner.ts';
import { viewerAuth } from '../core/viewer.ts';
import { rebuilds } from './rebuilds.ts';
import { opsRoutes } from './routes.ts';

export interface OpsServiceDeps {
  runner: ProjectionRunner;
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
  clock: Clock;
  logger: Logger;
  tokens: SessionTokens;
  /** Sessions' revocations (`get`), and the command ids a skip was sent with (`claim`). */
  secrets: Pick<SecretStore, 'get' | 'claim' | 'put' | 'delete'>;
  /** The realtime server's figures when it runs in this process (the embedded default). */
  realtime?: () => RealtimeStatusView | null;
}

/** Registers support's /api/ops/* actions on `app`; answers the rebuilds, for the ops socket and shutdown. */
export function opsService(app: FastifyInstance, deps: OpsServiceDeps) {
  const running = rebuilds(deps);
  app.register(opsRoutes, {
    ...deps,
    auth: viewerAuth({ tokens: deps.tokens, secrets: deps.secrets, docs: deps.docs }),
    claims: commandIdClaims(deps.secrets, deps.clock),
    rebuilds: running,
  });
  return { rebuilds: running };
}

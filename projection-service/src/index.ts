import { defaultMarketSettings, type MarketSettings } from '@wine/contracts';
import type { Clock, DocumentStore, SecretStore, SessionTokens } from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import { bidsProjection } from './bids/project.ts';
import { cartsProjection } from './carts/project.ts';
import type { Projection } from './core/projection.ts';
import { createProjectionIndexes } from './core/rebuild.ts';
import { viewerAuth } from './core/viewer.ts';
import { lotsProjection } from './lots/project.ts';
import { lotQueries } from './lots/queries.ts';
import { usersProjection } from './users/project.ts';
import { watchlistsProjection } from './watchlists/project.ts';

/** Every projection of the product, in the order they are applied. */
export const projections: readonly Projection[] = [
  lotsProjection,
  bidsProjection,
  usersProjection,
  cartsProjection,
  watchlistsProjection,
];

export interface QueryServiceDeps {
  docs: DocumentStore;
  clock: Clock;
  /** Verifies bearer tokens for the caller's own fields and lists (the command side issues them). */
  tokens: SessionTokens;
  secrets: Pick<SecretStore, 'get'>;
  market?: MarketSettings;
}

/** The read side's query routes, registered on any fastify instance. */
export function queryService(app: FastifyInstance, deps: QueryServiceDeps): void {
  const auth = viewerAuth(deps);
  lotQueries(app, { docs: deps.docs, clock: deps.clock, auth, market: deps.market ?? defaultMarketSettings });
}

/** Indexes the queries rely on; created at start (idempotent). */
export async function ensureIndexes(docs: DocumentStore): Promise<void> {
  for (const projection of projections) await createProjectionIndexes(docs, projection);
}

export { CHECKPOINTS, loadCheckpoint } from './core/checkpoints.ts';
export type { Projection } from './core/projection.ts';
export { createProjectionIndexes, rebuildProjection, shadowName } from './core/rebuild.ts';
export { createProjectionRunner, type ProjectionRunner, type RunnerStatus } from './core/runner.ts';
export { sessionUser } from './core/viewer.ts';
export { LOTS, listedLotDocument, lotsProjection } from './lots/project.ts';
export { lotView } from './lots/view.ts';
export { toMongoQuery } from './search/to-mongo.ts';
export { USERS, type UserDocument, usersProjection } from './users/project.ts';

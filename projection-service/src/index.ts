import type { Authorize, Clock, DocumentStore } from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import type { Projection } from './core/projection.ts';
import { createProjectionIndexes } from './core/rebuild.ts';
import { lotsProjection } from './lots/project.ts';
import { lotQueries } from './lots/queries.ts';
import { usersProjection } from './users/project.ts';

/** Every projection of the product, in the order they are applied. */
export const projections: readonly Projection[] = [lotsProjection, usersProjection];

export interface QueryServiceDeps {
  docs: DocumentStore;
  clock: Clock;
  authorize: Authorize;
  buyerPremiumPercent?: number;
}

/** The read side's query routes, registered on any fastify instance. */
export function queryService(app: FastifyInstance, deps: QueryServiceDeps): void {
  lotQueries(app, { ...deps, buyerPremiumPercent: deps.buyerPremiumPercent ?? 20 });
}

/** Indexes the queries rely on; created at start (idempotent). */
export async function ensureIndexes(docs: DocumentStore): Promise<void> {
  for (const projection of projections) await createProjectionIndexes(docs, projection);
}

export { CHECKPOINTS, loadCheckpoint } from './core/checkpoints.ts';
export type { Projection } from './core/projection.ts';
export { createProjectionIndexes, rebuildProjection, shadowName } from './core/rebuild.ts';
export { createProjectionRunner, type ProjectionRunner, type RunnerStatus } from './core/runner.ts';
export { LOTS, listedLotDocument, lotsProjection } from './lots/project.ts';
export { lotView } from './lots/view.ts';
export { toMongoQuery } from './search/to-mongo.ts';
export { USERS, type UserDocument, usersProjection } from './users/project.ts';

import type { Clock, EventStore } from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import { adminKeyAuthorizer } from './auth.ts';
import { lotRoutes } from './lots/routes.ts';

export interface CommandServiceDeps {
  store: EventStore;
  clock: Clock;
  adminKey: string;
}

/** The write side's routes, registered on any fastify instance (one process or its own). */
export function commandService(app: FastifyInstance, deps: CommandServiceDeps): void {
  const authorize = adminKeyAuthorizer(deps.adminKey);
  lotRoutes(app, { store: deps.store, clock: deps.clock, authorize });
}

export { eventIdFor, handleCommand } from './core/command-handler.ts';
export type { Decider } from './core/decider.ts';
export { lotDecider } from './lots/decide.ts';
export { lotFromInput } from './lots/list-lot.ts';

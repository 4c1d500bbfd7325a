import type { HouseSettings } from '@wine/contracts';
import type { Clock, DocumentStore } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ViewerAuth } from './viewer.ts';

/** What every read model's query plugin is registered with (`app.register(plugin, deps)`). */
export interface QueryDeps {
  docs: DocumentStore;
  clock: Clock;
  /** Who the caller is, checked before the body is read (the same for every query). */
  auth: ViewerAuth;
  /**
   * The market's, the money's and the merchant's settings as they read now (issue 34: the environment's
   * first values with the admins' changes from the `settings` read model), asked per request.
   */
  settings: () => Promise<HouseSettings>;
}

/** One read model's query routes: a fastify plugin, registered by `queryService`. */
export type QueryPlugin = FastifyPluginAsync<QueryDeps>;

/** A text searched for as itself in a `$regex`: every character a regular expression would read is escaped. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

import { actions } from '@wine/contracts';
import { type DocumentStore, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { QueryDeps } from '../core/queries.ts';
import { memorySuggestIndex } from './memory-suggest.ts';
import type { SuggestIndex } from './suggest-index.ts';
import { textSuggestIndex } from './text-suggest.ts';

/** How the read side finds suggestions: in memory, or with MongoDB's text index (`$text`). */
export type SuggestStrategy = 'memory' | 'text';

/** The index for the configured document store: only a MongoDB server answers `$text`. */
export function suggestIndexFor(
  docs: DocumentStore,
  strategy: SuggestStrategy,
): SuggestIndex & { warmUp(): Promise<void> } {
  if (strategy === 'text') {
    const index = textSuggestIndex(docs);
    return { suggest: index.suggest, warmUp: index.ensureIndex };
  }
  const index = memorySuggestIndex(docs);
  return { suggest: index.suggest, warmUp: index.refresh };
}

export interface SuggestQueryDeps extends QueryDeps {
  suggestIndex: SuggestIndex & { warmUp?(): Promise<void> };
}

/** seeds 000 §2.5, §7: suggestions for the header's search field, for anyone. */
export const suggestQueries: FastifyPluginAsync<SuggestQueryDeps> = async (app, { auth, suggestIndex }) => {
  // Loaded at start, not on the first visitor's keystroke; a failure here is retried by that request.
  suggestIndex
    .warmUp?.()
    .catch((error: unknown) => app.log.warn({ err: error }, 'search index warm-up failed'));
  registerAction(app, actions.suggestProducts, auth.authorize, async ({ searchQuery, limit }) => ({
    records: await suggestIndex.suggest(searchQuery, limit),
  }));
};

import { actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { SAVED_SEARCHES, type SavedSearchDocument } from './project.ts';

/** The saved searches read model's query: the caller's own searches, oldest first (seeds 000 §2.1). */
export const savedSearchQueries: QueryPlugin = async (app, { docs, auth }) => {
  const { authorize, viewerOf } = auth;
  registerAction(app, actions.savedSearches, authorize, async (_input, { request }) => {
    const rows = await docs
      .collection<SavedSearchDocument>(SAVED_SEARCHES)
      .find({ user_id: viewerOf(request) as string }, { sort: { created_at: 1, _id: 1 } });
    return {
      records: rows.map((s) => ({
        id: s._id,
        name: s.name,
        filters: s.filters,
        notify: s.notify,
        created_at: s.created_at,
      })),
      totalRecords: rows.length,
    };
  });
};

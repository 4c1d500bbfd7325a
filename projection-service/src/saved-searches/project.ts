import type { FilterItem } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import { guardedDelete, guardedUpdate } from '../core/guarded.ts';
import type { ProjectedOperation, Projection } from '../core/projection.ts';

export const SAVED_SEARCHES = 'saved_searches';

/** A user's saved search (seeds 000 §2.1 /saved_search). */
export interface SavedSearchDocument {
  _id: string;
  [key: string]: unknown;
  user_id: string;
  name: string;
  filters: Record<string, FilterItem>;
  notify: boolean;
  created_at: string;
  _position: string;
}

export const savedSearchesProjection: Projection = {
  name: 'saved_searches',
  collections: [SAVED_SEARCHES],
  handles: new Set(['SearchSaved', 'SavedSearchNotifyChanged', 'SavedSearchDeleted']),
  indexes: { [SAVED_SEARCHES]: [{ key: { user_id: 1, created_at: 1 }, name: 'user_created' }] },
  project(event: RecordedEvent): ProjectedOperation[] {
    const userId = event.streamName.slice('user-'.length);
    const data = event.data as {
      searchId: string;
      name: string;
      filters: Record<string, FilterItem>;
      notify: boolean;
    };
    const _id = data.searchId;
    switch (event.type) {
      case 'SearchSaved': {
        const doc: SavedSearchDocument = {
          _id,
          user_id: userId,
          name: data.name,
          filters: data.filters,
          notify: data.notify,
          created_at: event.metadata.occurredAt,
          _position: event.position,
        };
        return [
          {
            collection: SAVED_SEARCHES,
            operation: { replaceOne: { filter: { _id }, replacement: doc, upsert: true } },
          },
        ];
      }
      case 'SavedSearchNotifyChanged':
        return [guardedUpdate(SAVED_SEARCHES, _id, event, { $set: { notify: data.notify } })];
      default:
        return [guardedDelete(SAVED_SEARCHES, _id, event)];
    }
  },
};

import type { FilterItem } from '@wine/contracts';
import type { UserEvent } from '@wine/event-schemas';
import { guardedDelete, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

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

export const savedSearchesProjection = defineProjection<
  Extract<UserEvent, { type: 'SearchSaved' | 'SavedSearchNotifyChanged' | 'SavedSearchDeleted' }>
>({
  name: 'saved_searches',
  collections: [SAVED_SEARCHES],
  handles: ['SearchSaved', 'SavedSearchNotifyChanged', 'SavedSearchDeleted'],
  indexes: { [SAVED_SEARCHES]: [{ key: { user_id: 1, created_at: 1 }, name: 'user_created' }] },
  project(event): ProjectedOperation[] {
    const userId = event.streamName.slice('user-'.length);
    const _id = event.data.searchId;
    switch (event.type) {
      case 'SearchSaved': {
        const doc: SavedSearchDocument = {
          _id,
          user_id: userId,
          name: event.data.name,
          // event-schemas (which imports nothing) types a filter's type as a string; the command checked it as a FilterItem.
          filters: event.data.filters as Record<string, FilterItem>,
          notify: event.data.notify,
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
        return [guardedUpdate(SAVED_SEARCHES, _id, event, { $set: { notify: event.data.notify } })];
      default:
        return [guardedDelete(SAVED_SEARCHES, _id, event)];
    }
  },
});

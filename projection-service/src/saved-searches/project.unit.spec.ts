import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { SAVED_SEARCHES, type SavedSearchDocument, savedSearchesProjection } from './project.ts';

const filters = (value: string) => ({ region: { value, type: 'string', field: 'region' } });

describe('the saved searches read model', () => {
  it("keeps each user's searches with their filters; the notify switch follows the last change; a deleted one goes", async () => {
    const record = eventRecorder();
    const events = [
      record('user-ann', 'SearchSaved', {
        searchId: 's-1',
        name: 'Piedmont',
        filters: filters('Piedmont'),
        notify: false,
      }),
      record('user-ann', 'SearchSaved', {
        searchId: 's-2',
        name: 'Burgundy',
        filters: filters('Burgundy'),
        notify: true,
      }),
      record('user-ann', 'SavedSearchNotifyChanged', { searchId: 's-1', notify: true }),
      record('user-ann', 'SavedSearchDeleted', { searchId: 's-2' }),
    ];
    const docs = await applyEvents([savedSearchesProjection], events);
    expect(await docs.collection<SavedSearchDocument>(SAVED_SEARCHES).find({})).toEqual([
      {
        _id: 's-1',
        user_id: 'ann',
        name: 'Piedmont',
        filters: filters('Piedmont'),
        notify: true,
        created_at: events[0]?.metadata.occurredAt,
        _position: events[2]?.position,
      },
    ]);
  });

  it('is idempotent: a redelivered save does not undo a later notify change', async () => {
    const record = eventRecorder();
    const events = [
      record('user-bob', 'SearchSaved', { searchId: 's-3', name: 'Rioja', filters: {}, notify: true }),
      record('user-bob', 'SavedSearchNotifyChanged', { searchId: 's-3', notify: false }),
    ];
    const docs = await applyEvents([savedSearchesProjection], events);
    await applyEvents([savedSearchesProjection], events, docs);
    const searches = await docs.collection<SavedSearchDocument>(SAVED_SEARCHES).find({});
    expect(searches.map((s) => [s._id, s.notify])).toEqual([['s-3', false]]);
  });
});

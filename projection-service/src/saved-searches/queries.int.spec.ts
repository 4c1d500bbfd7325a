import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { SAVED_SEARCHES, savedSearchesProjection } from './project.ts';
import { savedSearchQueries } from './queries.ts';

const record = eventRecorder();
const filters = { color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' } };
const saved = (user: string, searchId: string, name: string) =>
  record(`user-${user}`, 'SearchSaved', { searchId, name, filters, notify: true });

const events = [
  saved('ann', 's-1', 'Reds'),
  saved('bob', 's-2', 'Bob reds'),
  saved('ann', 's-3', 'More reds'),
  record('user-ann', 'SavedSearchNotifyChanged', { searchId: 's-1', notify: false }),
  record('user-ann', 'SavedSearchDeleted', { searchId: 's-3' }),
];

async function searches(replayTwice = false) {
  const docs = await applyEvents([savedSearchesProjection], events, createEmbeddedDocumentStore());
  if (replayTwice) await applyEvents([savedSearchesProjection], events, docs);
  return { docs, ...(await queryApp(savedSearchQueries, docs, manualClock('2026-11-22T13:00:00.000Z'))) };
}

describe('saved searches projection and query', () => {
  it("lists only the caller's searches, with their mail switch", async () => {
    const { app, post, signIn } = await searches();
    const answer = await post('/api/user/savedSearches', {}, await signIn('ann'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.responseData).toEqual({
      records: [{ id: 's-1', name: 'Reds', filters, notify: false, created_at: '2026-11-22T12:01:00.000Z' }],
      totalRecords: 1,
      setDisp: 'Showing 1-1 of 1',
    });
    expect((await post('/api/user/savedSearches', {})).statusCode).toBe(403);
    await app.close();
  });

  it('is idempotent when the events are applied twice', async () => {
    const once = await searches();
    const twice = await searches(true);
    const all = (d: typeof once.docs) => d.collection(SAVED_SEARCHES).find({}, { sort: { _id: 1 } });
    expect(await all(twice.docs)).toEqual(await all(once.docs));
    await once.app.close();
    await twice.app.close();
  });
});

import { createEmbeddedDocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { LOT_VIEWS, lotViewsProjection } from './project.ts';

describe('lot views projection', () => {
  it('counts the views of each lot in its own collection, and a replay counts nothing more', async () => {
    const record = eventRecorder();
    const events = [
      record('lotviews-a', 'LotViewed', { lotId: 'a', by: 'visitor' }),
      record('lotviews-a', 'LotViewed', { lotId: 'a', by: 'user' }),
      record('lotviews-b', 'LotViewed', { lotId: 'b', by: 'user' }),
    ];
    const docs = await applyEvents([lotViewsProjection], events, createEmbeddedDocumentStore());
    await applyEvents([lotViewsProjection], events, docs);
    const rows = await docs.collection(LOT_VIEWS).find({}, { sort: { _id: 1 } });
    expect(rows.map((r) => [r._id, r.views])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });
});

import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { pagesProjection } from './project.ts';
import { pageQueries } from './queries.ts';

const record = eventRecorder('2026-11-22T12:00:00.000Z');

async function published() {
  const docs = await applyEvents(
    [pagesProjection],
    [
      record('page-terms-conditions', 'StaticPagePublished', {
        pageId: 'terms-conditions',
        title: 'Terms & Conditions',
        contentType: 'html',
        content: '<h2>Bidding</h2><p>Every bid is a binding offer.</p>',
        filePath: null,
        metaDescription: 'The terms of sale',
      }),
    ],
    createEmbeddedDocumentStore(),
  );
  return queryApp(pageQueries, docs, manualClock('2026-11-22T13:00:00.000Z'));
}

describe('getStaticPage (/api/common/getStaticPage)', () => {
  it('answers a visitor the page record in the seeds’ field names', async () => {
    const { app, post } = await published();
    const response = await post('/api/common/getStaticPage', { id: 'terms-conditions' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.responseData).toEqual({
      id: 'terms-conditions',
      title: 'Terms & Conditions',
      content_type: 'html',
      content: '<h2>Bidding</h2><p>Every bid is a binding offer.</p>',
      file_path: null,
      meta_description: 'The terms of sale',
      updated_at: '2026-11-22T12:01:00.000Z',
    });
    await app.close();
  });

  it('answers PAGE_NOT_FOUND for a page never published', async () => {
    const { app, post } = await published();
    const response = await post('/api/common/getStaticPage', { id: 'header_first_page' });
    expect([response.statusCode, response.json().data.code]).toEqual([404, 'PAGE_NOT_FOUND']);
    await app.close();
  });

  it('refuses an id that is not a page id, naming the field', async () => {
    const { app, post } = await published();
    for (const id of ['../etc/passwd', 'About Us', { $ne: null }, 'x'.repeat(65)]) {
      const response = await post('/api/common/getStaticPage', { id });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.responseData.field).toBe('id');
    }
    const extra = await post('/api/common/getStaticPage', { id: 'faq', $where: '1' });
    expect(extra.statusCode).toBe(400);
    await app.close();
  });
});

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
        spanish: {
          title: 'Términos y condiciones',
          content: '<h2>Pujas</h2><p>Cada puja es una oferta vinculante.</p>',
          filePath: null,
          metaDescription: '',
        },
      }),
      // Version 1, before pages were translated: no Spanish field.
      record('page-faq', 'StaticPagePublished', {
        pageId: 'faq',
        title: 'FAQ',
        contentType: 'html',
        content: '<p>Questions.</p>',
        filePath: null,
        metaDescription: 'Questions and answers',
      }),
      record('page-guidelines', 'StaticPagePublished', {
        pageId: 'guidelines',
        title: 'Guidelines',
        contentType: 'file',
        content: '',
        filePath: 'guidelines.pdf',
        metaDescription: '',
        spanish: { title: 'Guía', content: '<p>Léala.</p>', filePath: 'guia.pdf', metaDescription: '' },
      }),
      record('page-delivery', 'StaticPagePublished', {
        pageId: 'delivery',
        title: 'Delivery',
        contentType: 'html',
        content: '<p>By courier.</p>',
        filePath: null,
        metaDescription: 'How wine travels',
        spanish: { title: 'Entrega', content: '', filePath: null, metaDescription: '' },
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
      language: 'en',
    });
    await app.close();
  });

  it('answers the page in the language asked for, each untranslated field in English', async () => {
    const { app, post } = await published();
    const page = async (id: string, language?: string) =>
      (await post('/api/common/getStaticPage', { id, ...(language && { language }) })).json().data
        .responseData;
    expect(await page('terms-conditions', 'es')).toEqual({
      id: 'terms-conditions',
      title: 'Términos y condiciones',
      content_type: 'html',
      content: '<h2>Pujas</h2><p>Cada puja es una oferta vinculante.</p>',
      file_path: null,
      // No Spanish meta description: the English one.
      meta_description: 'The terms of sale',
      updated_at: expect.any(String),
      language: 'es',
    });
    expect(await page('terms-conditions', 'en')).toMatchObject({
      title: 'Terms & Conditions',
      language: 'en',
    });
    // Only a Spanish title: the English body, which says it is in English.
    expect(await page('delivery', 'es')).toMatchObject({
      title: 'Entrega',
      content: '<p>By courier.</p>',
      meta_description: 'How wine travels',
      language: 'en',
    });
    // A page published before translations: English in every language.
    expect(await page('faq', 'es')).toMatchObject({
      title: 'FAQ',
      content: '<p>Questions.</p>',
      language: 'en',
    });
    // A PDF page: the Spanish file and text, or the English file in English.
    expect(await page('guidelines', 'es')).toMatchObject({
      title: 'Guía',
      content_type: 'file',
      content: '<p>Léala.</p>',
      file_path: 'guia.pdf',
      language: 'es',
    });
    expect(await page('guidelines')).toMatchObject({
      file_path: 'guidelines.pdf',
      content: '',
      language: 'en',
    });
    await app.close();
  });

  it('refuses a language it does not have, naming the field', async () => {
    const { app, post } = await published();
    for (const language of ['fr', 'ES', '', { $ne: null }, ['es']]) {
      const response = await post('/api/common/getStaticPage', { id: 'faq', language });
      expect([response.statusCode, response.json().data.responseData.field]).toEqual([400, 'language']);
    }
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

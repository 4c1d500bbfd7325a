import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import {
  pagesProjection,
  STATIC_PAGE_VERSIONS,
  STATIC_PAGES,
  type StaticPageDocument,
  type StaticPageVersionDocument,
} from './project.ts';

const page = (data: Record<string, unknown> = {}) => ({
  pageId: 'about',
  title: 'About us',
  contentType: 'html',
  content: '<p>Since 1987.</p>',
  filePath: null,
  metaDescription: 'Who we are',
  ...data,
});

const pageOf = async (docs: Awaited<ReturnType<typeof applyEvents>>, id: string) =>
  docs.collection<StaticPageDocument>(STATIC_PAGES).findOne({ _id: id });

describe('static pages projection', () => {
  it("keeps each page's latest record in the seeds' field names", async () => {
    const record = eventRecorder('2026-11-22T12:00:00.000Z');
    const docs = await applyEvents(
      [pagesProjection],
      [
        record('page-about', 'StaticPagePublished', page()),
        record('page-guidelines', 'StaticPagePublished', {
          ...page({ pageId: 'guidelines', title: 'Guidelines', contentType: 'file' }),
          content: '',
          filePath: 'guidelines.pdf',
        }),
        record('page-about', 'StaticPagePublished', page({ title: 'About the merchant' })),
      ],
    );
    expect(await pageOf(docs, 'about')).toMatchObject({
      title: 'About the merchant',
      content_type: 'html',
      content: '<p>Since 1987.</p>',
      file_path: null,
      meta_description: 'Who we are',
      updated_at: '2026-11-22T12:03:00.000Z',
    });
    expect(await pageOf(docs, 'guidelines')).toMatchObject({
      content_type: 'file',
      file_path: 'guidelines.pdf',
      updated_at: '2026-11-22T12:02:00.000Z',
    });
  });

  it('keeps the Spanish version on the page and on each version, and none for a version 1 event', async () => {
    const record = eventRecorder('2026-11-22T12:00:00.000Z');
    const spanish = {
      title: 'Quiénes somos',
      content: '<p>Desde 1987.</p>',
      filePath: null,
      metaDescription: 'La casa',
    };
    const docs = await applyEvents(
      [pagesProjection],
      [
        // Version 1 (no Spanish field): stored before pages were translated.
        record('page-about', 'StaticPagePublished', page()),
        record('page-about', 'StaticPagePublished', page({ spanish })),
      ],
    );
    const inSpanish = {
      title: 'Quiénes somos',
      meta_description: 'La casa',
      content: '<p>Desde 1987.</p>',
      file_path: null,
    };
    expect((await pageOf(docs, 'about'))?.spanish).toEqual(inSpanish);
    const versions = await docs
      .collection<StaticPageVersionDocument>(STATIC_PAGE_VERSIONS)
      .find({ page_id: 'about' }, { sort: { version: 1 } });
    expect(versions.map((v) => v.spanish)).toEqual([null, inSpanish]);
    const untranslated = await applyEvents(
      [pagesProjection],
      [record('page-faq', 'StaticPagePublished', page({ pageId: 'faq', spanish }))].concat(
        record('page-faq', 'StaticPagePublished', page({ pageId: 'faq', spanish: null })),
      ),
    );
    expect((await pageOf(untranslated, 'faq'))?.spanish).toBeNull();
  });

  it('is idempotent: an older version delivered again changes nothing', async () => {
    const record = eventRecorder();
    const first = record('page-faq', 'StaticPagePublished', page({ pageId: 'faq', title: 'FAQ v1' }));
    const second = record('page-faq', 'StaticPagePublished', page({ pageId: 'faq', title: 'FAQ v2' }));
    const once = await applyEvents([pagesProjection], [first, second]);
    const twice = await applyEvents([pagesProjection], [first, second, first, second], undefined, 2);
    expect(await pageOf(twice, 'faq')).toEqual(await pageOf(once, 'faq'));
    expect((await pageOf(twice, 'faq'))?.title).toBe('FAQ v2');
  });

  it('keeps every version with who published it, each once however often it is delivered', async () => {
    const record = eventRecorder('2026-11-22T12:00:00.000Z');
    const ada = { actor: { kind: 'user' as const, id: 'ada' } };
    const bo = { actor: { kind: 'user' as const, id: 'bo' } };
    const first = record('page-help', 'StaticPagePublished', page({ pageId: 'help', title: 'Help v1' }), ada);
    const second = record('page-help', 'StaticPagePublished', page({ pageId: 'help', title: 'Help v2' }), bo);
    const versionsOf = async (docs: Awaited<ReturnType<typeof applyEvents>>) =>
      (
        await docs
          .collection<StaticPageVersionDocument>(STATIC_PAGE_VERSIONS)
          .find({ page_id: 'help' }, { sort: { version: -1 } })
      ).map(({ version, title, published_by, published_at }) => ({
        version,
        title,
        published_by,
        published_at,
      }));
    const once = await applyEvents([pagesProjection], [first, second]);
    const twice = await applyEvents([pagesProjection], [first, second, first, second], undefined, 2);
    const expected = [
      { version: 2, title: 'Help v2', published_by: 'bo', published_at: '2026-11-22T12:02:00.000Z' },
      { version: 1, title: 'Help v1', published_by: 'ada', published_at: '2026-11-22T12:01:00.000Z' },
    ];
    expect(await versionsOf(once)).toEqual(expected);
    expect(await versionsOf(twice)).toEqual(expected);
    expect((await pageOf(twice, 'help'))?.versions).toBe(2);
  });

  it('ignores events of other streams', () => {
    const record = eventRecorder();
    expect(pagesProjection.project(record('lot-1', 'StaticPagePublished', page()))).toEqual([]);
  });
});

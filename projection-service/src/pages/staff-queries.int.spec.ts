import { knownPageIds } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { usersProjection } from '../users/project.ts';
import { pagesProjection } from './project.ts';
import { staffPageQueries } from './queries.ts';

const clock = manualClock('2026-11-29T12:00:00.000Z');
const by = (id: string) => ({ actor: { kind: 'user' as const, id } });
const page = (pageId: string, title: string, content: string) => ({
  pageId,
  title,
  contentType: 'html',
  content,
  filePath: null,
  metaDescription: `${title} in short`,
});

/** The second version of /about in Spanish. */
const spanish = { title: 'Nosotros', content: '<p>Desde 1988.</p>', filePath: null, metaDescription: '' };

/** Ada (admin) publishes /about twice, Bo (admin) a page of its own; sam is a seller, bea a bidder. */
async function content() {
  const record = eventRecorder('2026-11-22T12:00:00.000Z');
  const docs = await applyEvents(
    [usersProjection, pagesProjection],
    [
      record('user-ada', 'UserRegistered', registered('ada', 'Ada', 'Admin')),
      record('user-ada', 'RoleGranted', { role: 'admin' }, by('ada')),
      record('user-bo', 'UserRegistered', registered('bo', 'Bo', 'Boss')),
      record('user-bo', 'RoleGranted', { role: 'admin' }, by('ada')),
      record('user-sam', 'UserRegistered', registered('sam', 'Sam', 'Cellar')),
      record('user-sam', 'RoleGranted', { role: 'seller' }, by('ada')),
      record('user-bea', 'UserRegistered', registered('bea', 'Bea', 'Bidder')),
      record('page-about', 'StaticPagePublished', page('about', 'About us', '<p>Since 1987.</p>'), by('ada')),
      record(
        'page-about',
        'StaticPagePublished',
        { ...page('about', 'About', '<p>Since 1988.</p>'), spanish },
        by('bo'),
      ),
      record(
        'page-en-primeur',
        'StaticPagePublished',
        page('en-primeur', 'En primeur', '<p>Futures.</p>'),
        by('bo'),
      ),
    ],
  );
  const served = await queryApp(staffPageQueries, docs, clock);
  return {
    ...served,
    ada: await served.signIn('ada'),
    sam: await served.signIn('sam'),
    bea: await served.signIn('bea'),
  };
}

const data = <T>(res: { json(): unknown }) => (res.json() as { data: { responseData: T } }).data.responseData;
type Row = { id: string; title: string | null; versions: number; updated_at: string | null; known: boolean };

describe('the staff list of pages (/api/admin/page/list)', () => {
  it('lists every known page, published or not, then the pages of their own', async () => {
    const { post, ada } = await content();
    const res = await post('/api/admin/page/list', {}, ada);
    expect(res.statusCode).toBe(200);
    const { records, totalRecords } = data<{ records: Row[]; totalRecords: number }>(res);
    expect(records.map((r) => r.id)).toEqual([...knownPageIds, 'en-primeur']);
    expect(totalRecords).toBe(knownPageIds.length + 1);
    expect(records.find((r) => r.id === 'about')).toEqual({
      id: 'about',
      title: 'About',
      content_type: 'html',
      updated_at: '2026-11-22T12:09:00.000Z',
      versions: 2,
      known: true,
      translated: true,
    });
    expect(records.find((r) => r.id === 'faq')).toEqual({
      id: 'faq',
      title: null,
      content_type: null,
      updated_at: null,
      versions: 0,
      known: true,
      translated: false,
    });
    expect(records.find((r) => r.id === 'en-primeur')).toMatchObject({
      versions: 1,
      known: false,
      translated: false,
    });
  });
});

describe("a page's history (/api/admin/page/history)", () => {
  it('answers each version newest first, with who published it and its whole record', async () => {
    const { post, ada } = await content();
    const res = await post('/api/admin/page/history', { id: 'about' }, ada);
    expect(res.statusCode).toBe(200);
    expect(data<{ records: unknown[] }>(res).records).toEqual([
      {
        version: 2,
        published_at: '2026-11-22T12:09:00.000Z',
        published_by: { id: 'bo', name: 'Bo Boss' },
        title: 'About',
        content_type: 'html',
        content: '<p>Since 1988.</p>',
        file_path: null,
        meta_description: 'About in short',
        spanish: { title: 'Nosotros', content: '<p>Desde 1988.</p>', file_path: null, meta_description: '' },
      },
      {
        version: 1,
        published_at: '2026-11-22T12:08:00.000Z',
        published_by: { id: 'ada', name: 'Ada Admin' },
        title: 'About us',
        content_type: 'html',
        content: '<p>Since 1987.</p>',
        file_path: null,
        meta_description: 'About us in short',
        spanish: null,
      },
    ]);
    const none = await post('/api/admin/page/history', { id: 'faq' }, ada);
    expect(data<{ records: unknown[] }>(none).records).toEqual([]);
  });

  it('refuses an id that is not a page id, or an unknown field, naming it', async () => {
    const { post, ada } = await content();
    for (const id of ['../etc/passwd', { $ne: null }, 'About Us', 'x'.repeat(65)]) {
      const res = await post('/api/admin/page/history', { id }, ada);
      expect([res.statusCode, data<{ field: string }>(res).field]).toEqual([400, 'id']);
    }
    const extra = await post('/api/admin/page/history', { id: 'about', page_id: { $gt: '' } }, ada);
    expect(extra.statusCode).toBe(400);
    expect((await post('/api/admin/page/list', { $where: '1' }, ada)).statusCode).toBe(400);
  });
});

describe('the staff page actions refuse anyone but an admin', () => {
  it.each([
    ['/api/admin/page/list', {}],
    ['/api/admin/page/history', { id: 'about' }],
  ])('%s: no session, a bidder and a seller are refused in the envelope', async (path, body) => {
    const { post, sam, bea } = await content();
    const anonymous = await post(path, body);
    expect(anonymous.statusCode).toBe(403);
    expect((anonymous.json() as { status: string }).status).toBe('error');
    for (const who of [bea, sam]) {
      const res = await post(path, body, who);
      expect([res.statusCode, (res.json() as { data: { code: string } }).data.code]).toEqual([
        403,
        'ROLE_REQUIRED',
      ]);
    }
    const forged = await post(path, body, { authorization: 'Bearer forged.token.value' });
    expect([401, 403]).toContain(forged.statusCode);
  });
});

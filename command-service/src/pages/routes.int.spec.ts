import { actions } from '@wine/contracts';
import { pageStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const path = actions.publishPage.path;
const eventsOf = (id: string) => service.service.streams.store.readStream(pageStream(id));

const aboutPage = {
  id: 'about',
  title: 'About us',
  content_type: 'html',
  content: '<h2>Our cellar</h2><p>Since 1987.</p>',
  meta_description: 'Who we are',
};

describe('publishing a static page (/api/admin/page/publish)', () => {
  it('lets an admin publish a page, answering its record', async () => {
    const admin = await service.signUp('admin@pages.example', ['admin']);
    const answer = await service.post(path, aboutPage, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      message: 'Page published',
      responseData: {
        id: 'about',
        title: 'About us',
        content_type: 'html',
        content: '<h2>Our cellar</h2><p>Since 1987.</p>',
        file_path: null,
        meta_description: 'Who we are',
        language: 'en',
      },
    });
    expect((await eventsOf('about')).map((e) => e.type)).toEqual(['StaticPagePublished']);
  });

  it('records the Spanish version beside the English, its HTML sanitised and its title checked', async () => {
    const admin = await service.signUp('admin7@pages.example', ['admin']);
    const answer = await service.post(
      path,
      {
        ...aboutPage,
        id: 'privacy_policy',
        spanish: {
          title: 'Quiénes somos',
          content: '<p onclick="steal()">Desde 1987.<script>fetch("/x")</script></p>',
        },
      },
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    const [event] = await eventsOf('privacy_policy');
    expect(event?.data).toMatchObject({
      title: 'About us',
      spanish: { title: 'Quiénes somos', content: '<p>Desde 1987.</p>', metaDescription: '', filePath: null },
    });
    for (const [spanish, field] of [
      [{ title: 'Quién\u202Esomos' }, 'spanish.title'],
      [{ meta_description: 'x'.repeat(301) }, 'spanish.meta_description'],
      [{ file_path: '../secret.pdf' }, 'spanish.file_path'],
      [{ language: 'fr' }, 'spanish'],
    ] as const) {
      const refused = await service.post(path, { ...aboutPage, id: 'faq', spanish }, { token: admin.token });
      expect([refused.status, refused.body.data.responseData.field]).toEqual([400, field]);
    }
    expect(await eventsOf('faq')).toEqual([]);
  });

  it('refuses a visitor, a user and a seller before reading the body, writing nothing', async () => {
    const ann = await service.signUp('ann@pages.example');
    const seller = await service.signUp('sam@pages.example', ['seller']);
    const visitor = await service.post(path, { ...aboutPage, id: 'faq' });
    expect(visitor.status).toBe(403);
    for (const token of [ann.token, seller.token]) {
      const answer = await service.post(path, 'not json', {
        token,
        headers: { 'content-type': 'application/json' },
      });
      expect([answer.status, answer.body.data.code]).toEqual([403, 'ROLE_REQUIRED']);
    }
    expect(await eventsOf('faq')).toEqual([]);
  });

  it('strips hostile HTML before it reaches the log', async () => {
    const admin = await service.signUp('admin2@pages.example', ['admin']);
    const answer = await service.post<{ content: string }>(
      path,
      {
        ...aboutPage,
        id: 'help',
        content:
          '<p onclick="steal()" style="position:fixed">Help<script>fetch("/x")</script></p>' +
          '<a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>',
      },
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.responseData.content).toBe('<p>Help</p><a>x</a>');
    const log = JSON.stringify((await eventsOf('help')).map((e) => e.data));
    for (const bad of ['<script', 'fetch', 'onclick', 'javascript:', 'iframe', 'style='])
      expect(log).not.toContain(bad);
  });

  it('refuses a page that is empty once unsafe markup is gone', async () => {
    const admin = await service.signUp('admin3@pages.example', ['admin']);
    const answer = await service.post(
      path,
      { ...aboutPage, id: 'services', content: '<script>alert(1)</script>' },
      { token: admin.token },
    );
    expect([answer.status, answer.body.data.code]).toEqual([400, 'PAGE_CONTENT_EMPTY']);
    expect(await eventsOf('services')).toEqual([]);
  });

  it('takes a PDF page by its plain file name and refuses paths', async () => {
    const admin = await service.signUp('admin4@pages.example', ['admin']);
    const pdf = { id: 'guidelines', title: 'Guidelines', content_type: 'file' };
    for (const file_path of [
      '../../etc/passwd.pdf',
      '..%2Fsecret.pdf',
      '/etc/guide.pdf',
      'sub/guide.pdf',
      'sub\\guide.pdf',
      'guide.exe',
      'guide.pdf.html',
      '.hidden.pdf',
    ]) {
      const answer = await service.post(path, { ...pdf, file_path }, { token: admin.token });
      expect([answer.status, answer.body.data.code, answer.body.data.responseData.field]).toEqual([
        400,
        'VALIDATION',
        'file_path',
      ]);
    }
    expect(await eventsOf('guidelines')).toEqual([]);
    const ok = await service.post(path, { ...pdf, file_path: 'guidelines-2026.pdf' }, { token: admin.token });
    expect(ok.body.data.responseData).toMatchObject({
      content_type: 'file',
      file_path: 'guidelines-2026.pdf',
    });
  });

  it('refuses page ids that are not safe slugs, and a huge body, writing nothing', async () => {
    const admin = await service.signUp('admin5@pages.example', ['admin']);
    for (const id of ['../lot-1', 'About Us', '<script>', '', 'x'.repeat(65)]) {
      const answer = await service.post(path, { ...aboutPage, id }, { token: admin.token });
      expect([answer.status, answer.body.data.responseData.field]).toEqual([400, 'id']);
    }
    const huge = await service.post(
      path,
      { ...aboutPage, id: 'delivery', content: `<p>${'a'.repeat(2_000_000)}</p>` },
      { token: admin.token },
    );
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await eventsOf('delivery')).toEqual([]);
  });

  it('records nothing when the same page is published again', async () => {
    const admin = await service.signUp('admin6@pages.example', ['admin']);
    const page = { ...aboutPage, id: 'faq' };
    await service.post(path, page, { token: admin.token });
    const again = await service.post(path, page, { token: admin.token });
    expect(again.status).toBe(200);
    expect(await eventsOf('faq')).toHaveLength(1);
  });
});

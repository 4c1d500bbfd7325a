import {
  actions,
  type PageUploadResult,
  type StaffPageHistory,
  type StaffPageList,
  type StaticPageRecord,
} from '@wine/contracts';
import { bannerStream, pageStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

let market: TestMarketplace;
let bidder: TestUser;
let seller: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  bidder = await market.bidder({ card: false });
  seller = await market.staff('seller');
}, 120_000);
afterAll(() => market?.stop());

const eventsOf = (stream: string) => market.eventStore.readStream(stream);
const page = (id: string, content: string) => ({
  id,
  title: 'Cellar notes',
  content_type: 'html',
  content,
  meta_description: 'Notes from the cellar',
});

describe('the staff’s content actions through the product (issue 34 §2 "Content")', () => {
  it('refuses no session, a bidder and a seller on every content action, writing nothing', async () => {
    const calls: [string, unknown][] = [
      [actions.staffPages.path, {}],
      [actions.staffPageHistory.path, { id: 'about' }],
      [actions.staffBanners.path, {}],
      [actions.publishPage.path, page('attack-page', '<p>Taken over</p>')],
      [actions.publishBanner.path, { id: 'attack-banner', title: 'Taken over' }],
      [actions.deactivateBanner.path, { id: 'attack-banner' }],
    ];
    for (const [path, body] of calls) {
      const anonymous = await market.post(path, body);
      expect([path, anonymous.body.status, [401, 403].includes(anonymous.http)]).toEqual([
        path,
        'error',
        true,
      ]);
      for (const who of [bidder, seller]) {
        const refused = await market.post(path, body, who.auth);
        expect([path, refused.http, refused.body.status]).toEqual([path, 403, 'error']);
        expect(refused.body.status === 'error' && refused.body.data.code).toBe('ROLE_REQUIRED');
      }
    }
    expect(await eventsOf(pageStream('attack-page'))).toEqual([]);
    expect(await eventsOf(bannerStream('attack-banner'))).toEqual([]);
  });

  it('stores a page without its script, handlers and javascript: links, and its history says so', async () => {
    const hostile =
      '<h2 onclick="steal()">Cellar</h2><img src="x" onerror="alert(1)"><script>alert(2)</script>' +
      '<p><a href="javascript:alert(3)">Click</a> <a href="https://example.com/a" onmouseover="x()">Ok</a></p>';
    await market.ok(actions.publishPage.path, page('cellar-notes', hostile), market.admin);
    await market.caughtUp();
    const history = await market.ok<StaffPageHistory>(
      actions.staffPageHistory.path,
      { id: 'cellar-notes' },
      market.admin,
    );
    expect(history.records).toHaveLength(1);
    const [version] = history.records;
    expect(version?.content).toBe(
      '<h2>Cellar</h2><img src="x" /><p><a>Click</a> <a href="https://example.com/a">Ok</a></p>',
    );
    expect(version?.published_by.id).toBe(market.adminUser.id);
    expect(version?.published_by.name).toMatch(/^Staff /);
    const log = JSON.stringify((await eventsOf(pageStream('cellar-notes'))).map((e) => e.data));
    for (const bad of ['<script', 'onerror', 'onclick', 'onmouseover', 'javascript:'])
      expect(log).not.toContain(bad);
    const list = await market.ok<StaffPageList>(actions.staffPages.path, {}, market.admin);
    expect(list.records.find((r) => r.id === 'cellar-notes')).toMatchObject({ versions: 1, known: false });
  });

  it('refuses a huge body and a page over the content limit, writing nothing', async () => {
    const huge = await market.post(
      actions.publishPage.path,
      page('huge-page', `<p>${'a'.repeat(3_000_000)}</p>`),
      market.admin,
    );
    expect([huge.http >= 400 && huge.http < 500, huge.body.status]).toEqual([true, 'error']);
    const over = await market.post(
      actions.publishPage.path,
      page('huge-page', `<p>${'a'.repeat(100_001)}</p>`),
      market.admin,
    );
    expect([over.http, over.body.status === 'error' && over.body.data.code]).toEqual([400, 'VALIDATION']);
    expect(await eventsOf(pageStream('huge-page'))).toEqual([]);
  });

  it('publishes a PDF page in two languages: each reader gets theirs, and the site serves the uploaded PDF', async () => {
    const upload = async (text: string, auth: Record<string, string>) => {
      const body = new FormData();
      body.append(
        'file_upload',
        new Blob([`%PDF-1.4\n% ${text}\n%%EOF\n`], { type: 'application/pdf' }),
        '../x.pdf',
      );
      const response = await fetch(`${market.url}${actions.uploadPageFile.path}`, {
        method: 'POST',
        headers: auth,
        body,
      });
      return {
        http: response.status,
        body: (await response.json()) as { data: { responseData: PageUploadResult } },
      };
    };
    expect((await upload('refused', bidder.auth)).http).toBe(403);
    const english = (await upload('Guidelines', market.admin)).body.data.responseData.file_name;
    const spanish = (await upload('Guía', market.admin)).body.data.responseData.file_name;
    expect([english, spanish]).toEqual([
      expect.stringMatching(/^[a-f0-9]{32}\.pdf$/),
      expect.not.stringMatching(english),
    ]);
    await market.ok(
      actions.publishPage.path,
      {
        id: 'guidelines',
        title: 'Guidelines',
        content_type: 'file',
        file_path: english,
        spanish: { title: 'Guía', content: '<p onclick="x()">Léala.</p>', file_path: spanish },
      },
      market.admin,
    );
    await market.caughtUp();
    const read = (language: 'en' | 'es') =>
      market.ok<StaticPageRecord>(actions.getStaticPage.path, { id: 'guidelines', language });
    expect(await read('es')).toMatchObject({
      title: 'Guía',
      content_type: 'file',
      content: '<p>Léala.</p>',
      file_path: spanish,
      language: 'es',
    });
    expect(await read('en')).toMatchObject({
      title: 'Guidelines',
      file_path: english,
      content: '',
      language: 'en',
    });
    const served = await fetch(`${market.url}/uploads/files/${spanish}`);
    expect([
      served.status,
      served.headers.get('content-type'),
      served.headers.get('x-frame-options'),
    ]).toEqual([200, 'application/pdf', 'SAMEORIGIN']);
    expect(await served.text()).toContain('Guía');
  });
});

import { actions } from '@wine/contracts';
import { bannerStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const publish = actions.publishBanner.path;
const deactivate = actions.deactivateBanner.path;
const eventsOf = (id: string) => service.service.streams.store.readStream(bannerStream(id));

const banner = {
  id: 'spring-sale',
  title: 'Spring sale',
  subtitle: 'Burgundy at fixed prices',
  image: 'cellar.svg',
  link: '/search?country=France',
  link_label: 'Shop now',
  sort_order: 2,
};

describe('home banners (/api/admin/banner/*)', () => {
  it('lets an admin publish a banner and take it off, each a fact in the log', async () => {
    const admin = await service.signUp('admin@banners.example', ['admin']);
    const answer = await service.post(publish, banner, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      message: 'Banner published',
      responseData: { id: 'spring-sale', title: 'Spring sale', active: 1, link_label: 'Shop now' },
    });
    const off = await service.post(deactivate, { id: 'spring-sale' }, { token: admin.token });
    expect(off.status).toBe(200);
    expect((await eventsOf('spring-sale')).map((e) => e.type)).toEqual([
      'BannerPublished',
      'BannerDeactivated',
    ]);
  });

  it('refuses a visitor and a user before reading the body, writing nothing', async () => {
    const ann = await service.signUp('ann@banners.example');
    const visitor = await service.post(publish, { ...banner, id: 'visitor' });
    expect(visitor.status).toBe(403);
    const user = await service.post(publish, 'not json', {
      token: ann.token,
      headers: { 'content-type': 'application/json' },
    });
    expect([user.status, user.body.data.code]).toEqual([403, 'ROLE_REQUIRED']);
    const off = await service.post(deactivate, { id: 'spring-sale' }, { token: ann.token });
    expect(off.status).toBe(403);
    expect(await eventsOf('visitor')).toEqual([]);
  });

  it('refuses a link to another site, a script URL, an image path and unknown fields', async () => {
    const admin = await service.signUp('admin2@banners.example', ['admin']);
    for (const hostile of [
      { link: '//evil.example/x' },
      { link: 'javascript:alert(1)' },
      { link: 'https://evil.example' },
      { image: '../../etc/passwd' },
      { image: 'https://evil.example/a.svg' },
      { id: '../lot-1' },
      { title: 'x'.repeat(5000) },
      { extra: true },
    ]) {
      const answer = await service.post(
        publish,
        { ...banner, id: 'hostile', ...hostile },
        { token: admin.token },
      );
      expect(answer.status, JSON.stringify(hostile)).toBe(400);
      expect(answer.body.status).toBe('error');
    }
    expect(await eventsOf('hostile')).toEqual([]);
  });

  it('answers BANNER_NOT_FOUND for a banner never published', async () => {
    const admin = await service.signUp('admin3@banners.example', ['admin']);
    const answer = await service.post(deactivate, { id: 'never' }, { token: admin.token });
    expect([answer.status, answer.body.data.code]).toEqual([404, 'BANNER_NOT_FOUND']);
  });
});

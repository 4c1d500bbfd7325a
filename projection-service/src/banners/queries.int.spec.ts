import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { usersProjection } from '../users/project.ts';
import { bannersProjection } from './project.ts';
import { staffBannerQueries } from './queries.ts';

const by = { actor: { kind: 'user' as const, id: 'ada' } };
const banner = (bannerId: string, sortOrder: number) => ({
  bannerId,
  title: `Banner ${bannerId}`,
  subtitle: '',
  image: null,
  link: '/search',
  linkLabel: 'Browse',
  sortOrder,
});

async function banners() {
  const record = eventRecorder('2026-11-22T12:00:00.000Z');
  const docs = await applyEvents(
    [usersProjection, bannersProjection],
    [
      record('user-ada', 'UserRegistered', registered('ada', 'Ada', 'Admin')),
      record('user-ada', 'RoleGranted', { role: 'admin' }, by),
      record('user-sam', 'UserRegistered', registered('sam', 'Sam', 'Cellar')),
      record('user-sam', 'RoleGranted', { role: 'seller' }, by),
      record('user-bea', 'UserRegistered', registered('bea', 'Bea', 'Bidder')),
      record('banner-late', 'BannerPublished', banner('late', 5), by),
      record('banner-first', 'BannerPublished', banner('first', 1), by),
      record('banner-gone', 'BannerPublished', banner('gone', 3), by),
      record('banner-gone', 'BannerDeactivated', { bannerId: 'gone' }, by),
    ],
  );
  const served = await queryApp(staffBannerQueries, docs, manualClock('2026-11-29T12:00:00.000Z'));
  return {
    ...served,
    ada: await served.signIn('ada'),
    sam: await served.signIn('sam'),
    bea: await served.signIn('bea'),
  };
}

describe('the staff list of banners (/api/admin/banner/list)', () => {
  it('lists every banner, active or not, in its order', async () => {
    const { post, ada } = await banners();
    const res = await post('/api/admin/banner/list', {}, ada);
    expect(res.statusCode).toBe(200);
    const { records, totalRecords } = res.json().data.responseData;
    expect(totalRecords).toBe(3);
    expect(records.map((r: { id: string; active: number }) => [r.id, r.active])).toEqual([
      ['first', 1],
      ['gone', 0],
      ['late', 1],
    ]);
    expect(records[0]).toEqual({
      id: 'first',
      title: 'Banner first',
      subtitle: '',
      image: null,
      link: '/search',
      link_label: 'Browse',
      sort_order: 1,
      active: 1,
      published_at: '2026-11-22T12:07:00.000Z',
    });
  });

  it('refuses no session, a bidder and a seller, and an input with fields', async () => {
    const { post, ada, sam, bea } = await banners();
    expect((await post('/api/admin/banner/list', {})).statusCode).toBe(403);
    for (const who of [bea, sam]) {
      const res = await post('/api/admin/banner/list', {}, who);
      expect([res.statusCode, res.json().data.code]).toEqual([403, 'ROLE_REQUIRED']);
    }
    expect((await post('/api/admin/banner/list', { active: { $ne: 1 } }, ada)).statusCode).toBe(400);
  });
});

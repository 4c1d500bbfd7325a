import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { activeBanners, BANNERS, type BannerDocument, bannersProjection } from './project.ts';

const data = (bannerId: string, sortOrder: number) => ({
  bannerId,
  title: `Banner ${bannerId}`,
  subtitle: '',
  image: null,
  link: '/search',
  linkLabel: 'Browse',
  sortOrder,
});

describe('the home banners read model', () => {
  it('keeps the active banners in their order and drops the ones taken off', async () => {
    const record = eventRecorder();
    const events = [
      record('banner-b', 'BannerPublished', data('b', 2)),
      record('banner-a', 'BannerPublished', data('a', 1)),
      record('banner-c', 'BannerPublished', data('c', 0)),
      record('banner-c', 'BannerDeactivated', { bannerId: 'c' }),
    ];
    const docs = await applyEvents([bannersProjection], events);
    const all = await docs.collection<BannerDocument>(BANNERS).find({});
    expect(activeBanners(all).map((b) => [b.id, b.active])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });

  it('is idempotent when the events are applied twice', async () => {
    const record = eventRecorder();
    const events = [
      record('banner-a', 'BannerPublished', data('a', 1)),
      record('banner-a', 'BannerDeactivated', { bannerId: 'a' }),
    ];
    const docs = await applyEvents([bannersProjection], events);
    await applyEvents([bannersProjection], events, docs);
    const [doc] = await docs.collection<BannerDocument>(BANNERS).find({});
    expect(doc).toMatchObject({ _id: 'a', active: 0, title: 'Banner a' });
  });
});

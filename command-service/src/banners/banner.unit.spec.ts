import type { BannerEvent, BannerPublishedData } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { bannerDecider } from './banner.ts';

const spec = deciderSpec(bannerDecider);

const record = (over: Partial<BannerPublishedData> = {}): BannerPublishedData => ({
  bannerId: 'welcome',
  title: 'Fine wine',
  subtitle: 'Bid or buy now',
  image: 'cellar.svg',
  link: '/search',
  linkLabel: 'Browse Wines',
  sortOrder: 1,
  ...over,
});
const published = (over: Partial<BannerPublishedData> = {}): BannerEvent => ({
  type: 'BannerPublished',
  data: record(over),
});
const deactivated: BannerEvent = { type: 'BannerDeactivated', data: { bannerId: 'welcome' } };

describe('home banners', () => {
  it('records a new banner as published', () => {
    spec([]).when({ type: 'PublishBanner', record: record() }).then([published()]);
  });

  it('records a changed banner, and nothing when it already says the same', () => {
    spec([published()])
      .when({ type: 'PublishBanner', record: record({ title: 'New' }) })
      .then([published({ title: 'New' })]);
    spec([published()]).when({ type: 'PublishBanner', record: record() }).then([]);
  });

  it('brings back a banner taken off by publishing it again', () => {
    spec([published(), deactivated]).when({ type: 'PublishBanner', record: record() }).then([published()]);
  });

  it('takes an active banner off once; a second time records nothing', () => {
    spec([published()]).when({ type: 'DeactivateBanner', bannerId: 'welcome' }).then([deactivated]);
    spec([published(), deactivated]).when({ type: 'DeactivateBanner', bannerId: 'welcome' }).then([]);
  });

  it('refuses to take off a banner never published', () => {
    spec([]).when({ type: 'DeactivateBanner', bannerId: 'welcome' }).thenThrows({ code: 'BANNER_NOT_FOUND' });
  });
});

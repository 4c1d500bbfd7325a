import { action, NoData } from '../action.ts';
import {
  DeactivateBannerInput,
  HomeBanner,
  PublishBannerInput,
  StaffBannerList,
  StaffBannersInput,
} from './banner.ts';

/** The home page's banners (seeds 000 §3.2 "home banners"); the storefront reads them in getDefault. */
export const bannerActions = {
  /** An admin publishes a banner: it shows on the home page from now on (active=1). */
  publishBanner: action({
    path: '/api/admin/banner/publish',
    side: 'command',
    auth: 'admin',
    input: PublishBannerInput,
    output: HomeBanner,
  }),
  /** An admin takes a banner off the home page (active=0); an unknown id answers BANNER_NOT_FOUND. */
  deactivateBanner: action({
    path: '/api/admin/banner/deactivate',
    side: 'command',
    auth: 'admin',
    input: DeactivateBannerInput,
    output: NoData,
  }),
  /** The staff's list of banners (issue 34 §2 "Content"): every banner, active or not, in its order. */
  staffBanners: action({
    path: '/api/admin/banner/list',
    side: 'query',
    auth: 'admin',
    input: StaffBannersInput,
    output: StaffBannerList,
  }),
} as const;

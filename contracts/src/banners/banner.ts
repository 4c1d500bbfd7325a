import { BannerId, BannerImage, BannerLink } from '@wine/event-schemas';
import { z } from 'zod';
import { plainText } from '../text.ts';

/** seeds 000 §3.2 "home banners (only active ones, active=1)": a banner as the home page shows it. */
export const HomeBanner = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The image's file name under BANNER_IMAGE_PATH; null: a banner of text on the house colours. */
  image: z.string().nullable(),
  link: z.string().nullable(),
  link_label: z.string(),
  sort_order: z.number().int(),
  active: z.union([z.literal(0), z.literal(1)]),
});
export type HomeBanner = z.infer<typeof HomeBanner>;

/** Home-page text: no control, bidi or invisible characters (text.ts). */
const Text = (label: string, max: number) => plainText(label).max(max);

/** An admin publishes a banner's whole record (a new banner, or the next version of one). */
export const PublishBannerInput = z.strictObject({
  id: BannerId,
  title: Text('Title', 120).min(1),
  subtitle: Text('Subtitle', 300).default(''),
  image: BannerImage.nullable().default(null),
  link: BannerLink.nullable().default(null),
  link_label: Text('Link label', 60).default(''),
  sort_order: z.number().int().min(0).max(1000).default(0),
});
export type PublishBannerInput = z.infer<typeof PublishBannerInput>;

/** An admin takes a banner off the home page. */
export const DeactivateBannerInput = z.strictObject({ id: BannerId });

/** The staff list of banners takes nothing: every banner, active or not. */
export const StaffBannersInput = z.strictObject({});

/** A banner in the staff list: as the home page would show it, with when it was last published. */
export const StaffBanner = HomeBanner.extend({ published_at: z.string() });
export type StaffBanner = z.infer<typeof StaffBanner>;

export const StaffBannerList = z.object({ records: z.array(StaffBanner), totalRecords: z.number().int() });
export type StaffBannerList = z.infer<typeof StaffBannerList>;

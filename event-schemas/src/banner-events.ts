import { z } from 'zod';
import { defineEvent } from './registry.ts';

/** A home banner's id: a safe slug, so it is a stream name as it is. */
export const BannerId = z
  .string()
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'a banner id is lower-case letters, digits, "_" and "-"');

/** A banner image: a plain file name in the banner upload folder (never a path or a URL). */
export const BannerImage = z
  .string()
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*\.(svg|webp|png|jpe?g)$/i, 'an image file name without folders');

/** Where a banner leads: a path of the storefront (one leading slash, never another site). */
export const BannerLink = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[A-Za-z0-9_\-./?=&%]*$/, 'a storefront path');

/**
 * seeds 000 §3.2 "home banners (only active ones, active=1)": an admin published a home banner, its
 * whole record as it now reads; it is active from now on (publishing again replaces it and re-activates it).
 */
export const BannerPublished = defineEvent({
  type: 'BannerPublished',
  version: 1,
  schema: z.object({
    bannerId: BannerId,
    title: z.string().min(1).max(120),
    subtitle: z.string().max(300),
    image: BannerImage.nullable(),
    link: BannerLink.nullable(),
    linkLabel: z.string().max(60),
    sortOrder: z.number().int().min(0).max(1000),
  }),
});
export type BannerPublishedData = z.infer<typeof BannerPublished.schema>;

/** An admin took a banner off the home page (active=0); publishing it again brings it back. */
export const BannerDeactivated = defineEvent({
  type: 'BannerDeactivated',
  version: 1,
  schema: z.object({ bannerId: BannerId }),
});

export type BannerEvent =
  | { type: 'BannerPublished'; data: BannerPublishedData }
  | { type: 'BannerDeactivated'; data: z.infer<typeof BannerDeactivated.schema> };
export const bannerEventDefinitions = [BannerPublished, BannerDeactivated] as const;

/**
 * Where banner images are served from (as lot images from /uploads/product/, seeds 000 §3.2). Apart
 * from the schemas (banner.ts), so the home page's banners do not load zod with it (issue 11).
 */
export const BANNER_IMAGE_PATH = '/uploads/banner/';

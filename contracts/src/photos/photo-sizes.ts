/**
 * seeds 001 §9 "Image upload defaults: quality 80, result 500x500". The sized copies the storefront
 * serves (`<name>-<width>.webp`) beside the result (`<name>.jpg`) and the original (`<name>.orig.jpg`),
 * kept so a crop can be redone. No zod here: the storefront reads the widths.
 */
export const UPLOAD_DEFAULTS = { quality: 80, resultWidth: 500, resultHeight: 500 } as const;
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
/** The largest file an upload takes, and how many files at once. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 10;

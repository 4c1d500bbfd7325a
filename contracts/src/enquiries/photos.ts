import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { isPlainLine } from '../text.ts';

/** The sell-your-wine form's photos: at most three images, each at most 2 MB (issue 11 item 3). */
export const MAX_PHOTOS = 3;
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
export const photoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof photoTypes)[number];

/**
 * What an image is by its first bytes (its "magic number"), never by its name or declared type:
 * JPEG starts FF D8 FF, PNG 89 'PNG' CR LF 1A LF, WebP 'RIFF' <size> 'WEBP'. Needs the first 12 bytes.
 */
export function sniffImageType(head: Uint8Array): PhotoType | null {
  const at = (i: number) => head[i] ?? -1;
  const ascii = (from: number, text: string) => [...text].every((c, i) => at(from + i) === c.charCodeAt(0));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (
    at(0) === 0x89 &&
    ascii(1, 'PNG') &&
    at(4) === 0x0d &&
    at(5) === 0x0a &&
    at(6) === 0x1a &&
    at(7) === 0x0a
  )
    return 'image/png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The byte length base64 text decodes to. */
export const base64Bytes = (data: string): number =>
  Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);

/** The first bytes of base64 text (atob is in browsers and in Node). */
const headOf = (data: string): Uint8Array => {
  if (!BASE64.test(data.slice(0, 16))) return new Uint8Array();
  try {
    return Uint8Array.from(atob(data.slice(0, 16)), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
};

/** The longest base64 text of a photo within the limit (4 characters per 3 bytes, padded). */
const MAX_BASE64 = Math.ceil(MAX_PHOTO_BYTES / 3) * 4;

/**
 * One photo as the form sends it in the JSON body: its file name (for the mail's attachment), its
 * declared type and its bytes in base64. The declared type must be what the bytes are.
 */
export const Photo = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(
        /^[^\\/\p{Cc}]+$/u,
        lazy(() => t('enquiries.photoName')),
      )
      // No bidi or invisible characters either (text.ts): the name is only shown, never used as the
      // attachment's (the server names attachments by their sniffed type).
      .refine(
        isPlainLine,
        lazy(() => t('enquiries.photoName')),
      ),
    type: z.enum(
      photoTypes,
      lazy(() => t('enquiries.photoType')),
    ),
    data: z
      .string()
      .max(
        MAX_BASE64,
        lazy(() => t('enquiries.photoSize')),
      )
      .refine(
        (d) => d.length % 4 === 0 && BASE64.test(d),
        lazy(() => t('enquiries.photoType')),
      ),
  })
  .superRefine((photo, ctx) => {
    // The data's own checks have spoken already when it is not base64 of at most the size.
    if (photo.data.length > MAX_BASE64 || photo.data.length % 4 !== 0 || !BASE64.test(photo.data)) return;
    if (base64Bytes(photo.data) > MAX_PHOTO_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: t('enquiries.photoSize') });
    } else if (sniffImageType(headOf(photo.data)) !== photo.type) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: t('enquiries.photoType') });
    }
  });
export type Photo = z.infer<typeof Photo>;

export const Photos = z.array(Photo).max(
  MAX_PHOTOS,
  lazy(() => t('enquiries.photoCount')),
);

import { z } from 'zod';
import { action } from '../action.ts';
import { multilineText, plainText } from '../text.ts';
import { MAX_UPLOAD_FILES, UPLOAD_DEFAULTS } from './photo-sizes.ts';

/** Where an upload goes: a lot's photos, the rich-text editor's images (seeds 001 §7: 'templates'), banners. */
export const UploadFolders = ['product', 'templates', 'banner'] as const;
export type UploadFolder = (typeof UploadFolders)[number];

/** A stored photo's name: the hash of its content and .jpg, nothing a caller can steer into a path. */
export const PhotoName = z.string().regex(/^[a-f0-9]{32}\.jpg$/, 'not a stored photo');

/** A file part of a multipart body: its bytes (never its name or type, which a caller chooses). */
export const FileBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'Upload a file in file_upload');

/** A multipart field: text, or nothing; '1' / 'true' is on. */
const flag = z
  .enum(['0', '1', 'true', 'false'])
  .default('1')
  .transform((v) => v === '1' || v === 'true');
const whole = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, 'a whole number')
    .default(String(fallback))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** seeds 001 §7: multipart fields folder, isCompress, quality, resultWidth, resultHeight, file_upload. */
export const ImageUploadInput = z.strictObject({
  folder: z.enum(UploadFolders).default('product'),
  isCompress: flag,
  quality: whole(30, 100, UPLOAD_DEFAULTS.quality),
  resultWidth: whole(50, 4000, UPLOAD_DEFAULTS.resultWidth),
  resultHeight: whole(50, 4000, UPLOAD_DEFAULTS.resultHeight),
  file_upload: z.union([FileBytes, z.array(FileBytes).min(1).max(MAX_UPLOAD_FILES)]),
});

export const UploadedFile = z.object({
  file_name: z.string(),
  width: z.number(),
  height: z.number(),
});
export const UploadResult = z.object({ files: z.array(UploadedFile) });
export type UploadResult = z.infer<typeof UploadResult>;

/** seeds 001 §7 getImageBase (file_folder, file_name): the photo as a data URL, for the crop dialog. */
export const ImageBaseInput = z.strictObject({
  file_folder: z.enum(UploadFolders),
  file_name: PhotoName,
  /** The original (to crop again) or the result. */
  original: z.boolean().default(true),
});

/** seeds 001 §5 caption modal: filename, title and description, each required with the seeds' words. */
export const PhotoCaption = z.strictObject({
  name: plainText('Filename').trim().min(1, 'Enter Filename').max(200),
  title: plainText('Title').trim().min(1, 'Enter Title').max(200),
  description: multilineText('Description').trim().min(1, 'Enter Description').max(1000),
});
export type PhotoCaption = z.infer<typeof PhotoCaption>;

export const photoActions = {
  imageUploader: action({
    path: '/api/commonFunction/image_uploader',
    side: 'command',
    auth: ['admin', 'seller'],
    input: ImageUploadInput,
    output: UploadResult,
  }),
  multipleImageUploader: action({
    path: '/api/commonFunction/muliple_img_uploader',
    side: 'command',
    auth: ['admin', 'seller'],
    input: ImageUploadInput,
    output: UploadResult,
  }),
  getImageBase: action({
    path: '/api/commonFunction/getImageBase',
    side: 'command',
    auth: ['admin', 'seller'],
    input: ImageBaseInput,
    output: z.object({ record: z.string() }),
  }),
} as const;

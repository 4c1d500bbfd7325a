import { createHash } from 'node:crypto';
import { PHOTO_WIDTHS } from '@wine/contracts';
import { AppError, type FileStore } from '@wine/platform';
import sharp from 'sharp';

/** What the seeds' upload fields ask for (seeds 001 §7, §9). */
export interface PhotoOptions {
  isCompress: boolean;
  quality: number;
  resultWidth: number;
  resultHeight: number;
}

/** A photo ready to store: its name and every file made of it. */
export interface ProcessedPhoto {
  name: string;
  width: number;
  height: number;
  files: { name: string; data: Buffer }[];
}

/** The formats a photo may come in, as the decoder (never the file's name or type) says. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'tiff', 'gif']);
/** 40 megapixels: a camera's photo, and a bound on the memory a small file claiming a huge canvas takes. */
const MAX_PIXELS = 40_000_000;
/** The kept original (to crop again) is at most this wide and high. */
const ORIGINAL_EDGE = 3000;

const refuseType = () => new AppError('UPLOAD_FILE_TYPE');

/**
 * Decodes an upload with sharp, whatever it claims to be: SVG (script), PDF and anything the decoder
 * does not read as a photo are refused; EXIF orientation is applied and every piece of metadata
 * (GPS, camera, comments) is dropped by re-encoding. Made: the original (`<name>.orig.jpg`, at most
 * 3000 px), the result the seeds ask for (`<name>.jpg`, inside resultWidth × resultHeight at
 * `quality` when compressing), and the storefront's sizes (`<name>-400.webp`, -800, -1600, never
 * enlarged). The name is the hash of the bytes, so the same photo uploaded twice is one photo.
 */
export async function processPhoto(input: Uint8Array, options: PhotoOptions): Promise<ProcessedPhoto> {
  const open = () => sharp(input, { failOn: 'error', limitInputPixels: MAX_PIXELS, autoOrient: true });
  let format: string | undefined;
  try {
    ({ format } = await open().metadata());
  } catch {
    throw refuseType();
  }
  if (!format || !PHOTO_FORMATS.has(format)) throw refuseType();
  const digest = createHash('sha256').update(input).digest('hex').slice(0, 32);
  const name = `${digest}.jpg`;
  try {
    // Decoded, turned upright and bounded once; every copy is encoded from these pixels (no metadata
    // survives: only pixels go on). The kept original with libjpeg-turbo (mozjpeg takes 15 times as
    // long on a 3000 px photo), the small result with mozjpeg.
    const pixels = await open()
      .resize(ORIGINAL_EDGE, ORIGINAL_EDGE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = pixels.info;
    const base = () => sharp(pixels.data, { raw: { width, height, channels } });
    const [original, result, ...sized] = await Promise.all([
      base().jpeg({ quality: 90 }).toBuffer(),
      base()
        .resize(options.resultWidth, options.resultHeight, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: options.isCompress ? options.quality : 92, mozjpeg: true })
        .toBuffer(),
      ...PHOTO_WIDTHS.map((edge) =>
        base()
          .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      ),
    ]);
    const stem = name.slice(0, -'.jpg'.length);
    return {
      name,
      width,
      height,
      files: [
        { name: `${stem}.orig.jpg`, data: original },
        { name, data: result },
        ...PHOTO_WIDTHS.map((edge, i) => ({ name: `${stem}-${edge}.webp`, data: sized[i] as Buffer })),
      ],
    };
  } catch (error) {
    // A file whose header reads but whose pixels do not (truncated, a polyglot): not a photo.
    if (error instanceof AppError) throw error;
    throw refuseType();
  }
}

/** A photo processed and every copy of it stored in `folder`: what the upload and a photo link both do. */
export async function storePhoto(
  files: FileStore,
  folder: string,
  input: Uint8Array,
  options: PhotoOptions,
): Promise<ProcessedPhoto> {
  const photo = await processPhoto(input, options);
  for (const file of photo.files) await files.put(folder, file.name, file.data);
  return photo;
}

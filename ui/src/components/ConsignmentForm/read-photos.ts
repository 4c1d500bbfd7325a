import { MAX_PHOTO_BYTES, MAX_PHOTOS, type Photo, photoTypes, sniffImageType } from '@wine/contracts';

const readBytes = (file: Blob): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });

const toBase64 = (bytes: Uint8Array): string => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
};

export type PhotoProblem = 'enquiries.photoType' | 'enquiries.photoSize' | 'enquiries.photoCount';

/**
 * The photos chosen, as the sell-your-wine action takes them, checked as the server checks them (the
 * same rules of contracts): at most three, each at most 2 MB, and a JPEG, PNG or WebP by its bytes.
 */
export async function readPhotos(
  files: readonly File[],
  already: number,
): Promise<{ photos: Photo[]; problem: PhotoProblem | null }> {
  if (already + files.length > MAX_PHOTOS) return { photos: [], problem: 'enquiries.photoCount' };
  const photos: Photo[] = [];
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES) return { photos: [], problem: 'enquiries.photoSize' };
    const bytes = await readBytes(file);
    const type = sniffImageType(bytes.subarray(0, 12));
    if (!type || !photoTypes.includes(type)) return { photos: [], problem: 'enquiries.photoType' };
    const name = file.name.replace(/[\\/\p{Cc}]/gu, '_').slice(-100) || 'photo';
    photos.push({ name, type, data: toBase64(bytes) });
  }
  return { photos, problem: null };
}

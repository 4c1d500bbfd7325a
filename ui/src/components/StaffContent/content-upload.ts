import { useTranslation } from 'react-i18next';
import { uploadFiles } from '../../api/client.ts';
import { isSvg, useUploadTexts } from '../LotPhotos/LotPhotos.tsx';

/** Where each upload goes and the largest result kept (the server fits the image inside it). */
const sizes = {
  templates: { resultWidth: '1600', resultHeight: '1600' },
  banner: { resultWidth: '2400', resultHeight: '1200' },
} as const;

/** Where the server serves an upload of each folder from. */
export const uploadUrl = (folder: keyof typeof sizes, fileName: string): string =>
  `/uploads/${folder}/${encodeURIComponent(fileName)}`;

/**
 * seeds 001 §7 image upload, for the content screens: stores one image in `folder` ('templates' for
 * a page's rich text, 'banner' for a banner) and answers its stored file name. Fails with the seeds'
 * texts (seeds 001 §8): an SVG is refused before it is sent, as the lot photos do.
 */
export function useContentUpload(folder: keyof typeof sizes): (file: File) => Promise<string> {
  const { t } = useTranslation();
  const texts = useUploadTexts();
  return async (file) => {
    if (isSvg(file)) throw new Error(t('ui.staff.photos.wrongType'));
    const stored = await uploadFiles(
      'imageUploader',
      [file],
      { folder, isCompress: '1', quality: '85', ...sizes[folder] },
      texts,
    );
    const name = stored.files[0]?.file_name;
    if (!name) throw new Error(texts.failed);
    return name;
  };
}

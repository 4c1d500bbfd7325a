import { MAX_PAGE_FILE_BYTES } from '@wine/contracts';
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

/** A PDF as the browser names it (the server reads its first bytes anyway). */
const looksLikePdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * Issue 34 §2: stores a page's PDF in the static-files folder (uploadPageFile) and answers its stored
 * name (the hash of its content). Fails with the seeds' upload texts (seeds 001 §8); a file that is not
 * a PDF, or larger than the server takes, is refused before it is sent.
 */
export function usePageFileUpload(): (file: File) => Promise<string> {
  const { t } = useTranslation();
  const texts = useUploadTexts();
  return async (file) => {
    if (!looksLikePdf(file)) throw new Error(t('ui.staff.photos.wrongType'));
    if (file.size > MAX_PAGE_FILE_BYTES) {
      throw new Error(t('ui.content.editor.pdfTooLarge', { megabytes: MAX_PAGE_FILE_BYTES / 1024 / 1024 }));
    }
    return (await uploadFiles('uploadPageFile', [file], {}, texts)).file_name;
  };
}

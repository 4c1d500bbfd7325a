import multipart from '@fastify/multipart';
import { actions, MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from '@wine/contracts';
import { AppError, type FileStore, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { storePhoto } from './process.ts';

export interface PhotoRouteDeps {
  files: FileStore;
  auth: SessionAuth;
}

/**
 * seeds 001 §7 image upload (admins and sellers): multipart, the role checked before a byte of the body
 * is read; every file decoded and re-encoded by processPhoto, its copies stored, its name answered.
 * The rich-text editor's images (folder 'templates') take the same path. getImageBase answers a
 * photo as a data URL for the crop dialog.
 */
export const photoRoutes: FastifyPluginAsync<PhotoRouteDeps> = async (app, { files, auth }) => {
  // Only this scope takes multipart bodies: the parts are read into the body (files as bytes) after
  // the role was checked, within these bounds (a larger file is refused with 413, nothing stored).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_UPLOAD_FILES,
      fields: 10,
      parts: MAX_UPLOAD_FILES + 10,
      fieldSize: 1_000,
      headerPairs: 50,
    },
  });

  const upload = async (input: {
    folder: string;
    isCompress: boolean;
    quality: number;
    resultWidth: number;
    resultHeight: number;
    file_upload: Uint8Array | Uint8Array[];
  }) => {
    const uploads = Array.isArray(input.file_upload) ? input.file_upload : [input.file_upload];
    const stored = [];
    // One at a time: sharp takes the machine's threads for each photo already.
    for (const bytes of uploads) {
      const photo = await storePhoto(files, input.folder, bytes, input);
      stored.push({ file_name: photo.name, width: photo.width, height: photo.height });
    }
    return { files: stored };
  };

  registerAction(app, actions.imageUploader, auth, (input) => upload(input));
  registerAction(app, actions.multipleImageUploader, auth, (input) => upload(input));
  registerAction(app, actions.getImageBase, auth, async ({ file_folder, file_name, original }) => {
    const name = original ? file_name.replace(/\.jpg$/, '.orig.jpg') : file_name;
    const bytes = await files.get(file_folder, name);
    if (!bytes) throw new AppError('NOT_FOUND');
    return { record: `data:image/jpeg;base64,${bytes.toString('base64')}` };
  });
};

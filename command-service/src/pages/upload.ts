import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { actions, MAX_PAGE_FILE_BYTES, PAGE_FILES_FOLDER } from '@wine/contracts';
import { AppError, type FileStore, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';

export interface PageFileRouteDeps {
  files: FileStore;
  auth: SessionAuth;
}

/** Every PDF starts with its header, `%PDF-` and the version (ISO 32000-1 §7.5.2). */
const PDF_MAGIC = Buffer.from('%PDF-');

/** True when the bytes are a PDF by what they hold (never by the name or type the caller sent). */
export const isPdf = (bytes: Uint8Array): boolean =>
  bytes.length > PDF_MAGIC.length && Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC);

/** A stored PDF's name: the hash of its content, so the same file uploaded twice is one file. */
export const pageFileName = (bytes: Uint8Array): string =>
  `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.pdf`;

/**
 * Issue 34 §2 "Content" (seeds 000 §2.2 "the file coming from the static-files upload folder"): an admin
 * uploads a page's PDF. The role is checked before a byte of the body is read; the file must be a PDF
 * by its first bytes and at most MAX_PAGE_FILE_BYTES (a larger one is refused with 413, nothing
 * stored); it is stored under the hash of its content, whatever name the caller gave it.
 */
export const pageFileRoutes: FastifyPluginAsync<PageFileRouteDeps> = async (app, { files, auth }) => {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: MAX_PAGE_FILE_BYTES,
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: 1_000,
      headerPairs: 50,
    },
  });

  registerAction(app, actions.uploadPageFile, auth, async ({ file_upload }) => {
    if (!isPdf(file_upload)) throw new AppError('UPLOAD_FILE_TYPE');
    const name = pageFileName(file_upload);
    await files.put(PAGE_FILES_FOLDER, name, file_upload);
    return { file_name: name, size: file_upload.length };
  });
};

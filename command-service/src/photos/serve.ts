import { PAGE_FILES_FOLDER, UploadFolders } from '@wine/contracts';
import { type FileStore, sameOriginFramingHeaders } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';

/** A stored photo's files: the hash of its content, then the original, the result or a sized copy. */
const STORED = /^[a-f0-9]{32}(?:\.orig\.jpg|\.jpg|-\d{3,4}\.webp)$/;
/** A page's PDF as the upload stored it (pages/upload.ts): the hash of its content. */
const STORED_PDF = /^[a-f0-9]{32}\.pdf$/;

const YEAR = 'public, max-age=31536000, immutable';

/**
 * GET /uploads/<folder>/<name> for the command-service on its own (compose: the gateway asks it for
 * what is not a demo picture): the photos, and the pages' PDFs in the static-files folder, which the
 * product's own pages embed (so those answers, and only those, may be framed by the same origin).
 * The names are content hashes: what is served never changes, so it may be kept a year. The embedded
 * process serves the same folders as static files.
 */
export const photoFileRoutes: FastifyPluginAsync<{ files: FileStore }> = async (app, { files }) => {
  const framing = sameOriginFramingHeaders();
  app.get<{ Params: { folder: string; name: string } }>('/uploads/:folder/:name', async (request, reply) => {
    const { folder, name } = request.params;
    const pdf = folder === PAGE_FILES_FOLDER && STORED_PDF.test(name);
    const photo = (UploadFolders as readonly string[]).includes(folder) && STORED.test(name);
    const data = pdf || photo ? await files.get(folder, name) : null;
    if (!data) return reply.code(404).type('text/plain').send('Not found');
    if (pdf) return reply.type('application/pdf').headers(framing).header('cache-control', YEAR).send(data);
    return reply
      .type(name.endsWith('.webp') ? 'image/webp' : 'image/jpeg')
      .header('cache-control', YEAR)
      .send(data);
  });
};

import { UploadFolders } from '@wine/contracts';
import type { FileStore } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';

/** A stored photo's files: the hash of its content, then the original, the result or a sized copy. */
const STORED = /^[a-f0-9]{32}(?:\.orig\.jpg|\.jpg|-\d{3,4}\.webp)$/;

/**
 * GET /uploads/<folder>/<name> for the command-service on its own (compose: the gateway asks it for
 * what is not a demo picture). The names are content hashes: what is served never changes, so it
 * may be kept a year. The embedded process serves the same folder as static files.
 */
export const photoFileRoutes: FastifyPluginAsync<{ files: FileStore }> = async (app, { files }) => {
  app.get<{ Params: { folder: string; name: string } }>('/uploads/:folder/:name', async (request, reply) => {
    const { folder, name } = request.params;
    const data =
      (UploadFolders as readonly string[]).includes(folder) && STORED.test(name)
        ? await files.get(folder, name)
        : null;
    if (!data) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type(name.endsWith('.webp') ? 'image/webp' : 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });
};

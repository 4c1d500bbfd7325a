import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { sameOriginFramingHeaders } from '@wine/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An uploaded photo's name is the hash of its content: what is served under it never changes. */
const HASHED_PHOTO = /[\\/][a-f0-9]{32}(?:\.orig|-\d{2,4})?\.(?:jpg|webp)$/;
function cacheUploadedPhotos(res: { setHeader(name: string, value: string): unknown }, path: string) {
  res.setHeader('cache-control', HASHED_PHOTO.test(path) ? YEAR : REVALIDATE);
}

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0';

/**
 * The files the embedded server serves: uploaded lot photos, banners and page files (each beside the
 * demo's own in assets/), and the built UI with `/` painted like any other page.
 */
export async function serveFiles(
  app: FastifyInstance,
  dataDir: string,
  ui: { dir: string; indexPage: (request: FastifyRequest, reply: FastifyReply) => unknown } | null,
): Promise<void> {
  const serveUi = ui !== null;
  await app.register(fastifyStatic, {
    root: [join(dataDir, 'uploads/product'), join(import.meta.dirname, 'assets/product')],
    prefix: '/uploads/product/',
    decorateReply: !serveUi,
    // send's own Cache-Control would replace the one set here.
    cacheControl: false,
    setHeaders: cacheUploadedPhotos,
  });
  // The rich-text editor's images (seeds 001 §7 'templates'), uploaded the same way.
  await app.register(fastifyStatic, {
    root: join(dataDir, 'uploads/templates'),
    prefix: '/uploads/templates/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: cacheUploadedPhotos,
  });
  // seeds 000 §3.2 "home banners": their images, beside the lots' (the demo's in assets/banner).
  await app.register(fastifyStatic, {
    root: [join(dataDir, 'uploads/banner'), join(import.meta.dirname, 'assets/banner')],
    prefix: '/uploads/banner/',
    decorateReply: false,
  });
  // The static-files upload folder (seeds 000 §2.2): PDFs of content_type file pages, which the
  // product's own pages embed (so these answers, and only these, may be framed by the same origin).
  await app.register(async (files) => {
    const framing = sameOriginFramingHeaders();
    files.addHook('onSend', async (_request, reply, payload) => {
      reply.headers(framing);
      return payload;
    });
    await files.register(fastifyStatic, {
      root: [join(dataDir, 'uploads/files'), join(import.meta.dirname, 'assets/files')],
      prefix: '/uploads/files/',
      decorateReply: false,
    });
  });
  if (serveUi) {
    // preCompressed: the build's .br/.gz beside each file (ui/vite.config.ts), for browsers that take them.
    await app.register(fastifyStatic, {
      root: ui.dir,
      prefix: '/',
      wildcard: true,
      decorateReply: true,
      preCompressed: true,
      // The build's hashed files never change under their name: browsers may keep them for a year
      // (send's own Cache-Control, which would replace this one, is off).
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? YEAR : REVALIDATE);
      },
    });
    // `/` is a page like any other (seo.ts: painted on the server), not the static index.html.
    app.get('/', (request, reply) => ui.indexPage(request, reply));
  }
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { jsonLdText, productMeta } from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import { publicLot, sitemapEntries } from '@wine/projection-service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Paint, withFirstPaint } from './first-paint.ts';

export interface SeoDeps {
  docs: DocumentStore;
  /** The built UI (its index.html is the page every route starts from); null serves the API only. */
  uiDir: string | null;
  /** The site's public origin (PUBLIC_URL); without it, the origin the request was made to. */
  publicUrl?: string | undefined;
  /** The server's first paint of a public page (first-paint.ts); without it every page is sent bare. */
  firstPaint?: () => Paint | null;
}

/** Text for HTML (an attribute value or element content): the five markup characters escaped. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The origin links are made absolute with: PUBLIC_URL, else the request's own (a sane host only). */
function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = /^[a-z0-9.-]+(:\d{1,5})?$/i.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/** Private pages (seeds 000 §2.3) and the API are of no use to a crawler. */
const privatePaths = [
  '/api/',
  '/account/',
  '/checkout/',
  '/checkout_confirm',
  '/buynowcart',
  '/cart',
  '/auctions/',
  '/watchlist/',
  '/purchases/',
  '/myWines/',
  '/invoices/',
  '/invoice/',
  '/transactions',
  '/salesorder/',
  '/admin/',
  '/dev/',
];

/** `<meta>` and JSON-LD for one lot's page, every value escaped. */
export function productHead(meta: ReturnType<typeof productMeta>): string {
  const tags: [string, string][] = [
    ['og:type', 'product'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.url],
    ['og:image', meta.image],
  ];
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...tags.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`),
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<script type="application/ld+json" id="product-jsonld">${jsonLdText(meta.jsonLd)}</script>`,
  ].join('\n    ');
}

/** index.html with a lot's head: its own title and description replace the generic ones. */
export function withProductHead(html: string, head: string): string {
  const bare = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return /<\/head>/i.test(bare)
    ? bare.replace(/<\/head>/i, () => `  ${head}\n  </head>`)
    : bare.replace(/^(<!doctype[^>]*>)?/i, (doctype) => `${doctype}<head>${head}</head>`);
}

/**
 * The pages painted on the server: the home page, the browse page and a lot's page, where a visitor
 * (and a shared link) lands. The others are the app's alone (a static page's HTML is sanitised again
 * in the browser, by DOMPurify, which needs a DOM).
 */
const paintedPage = /^\/(?:search\/?|productview\/[^/?#]{1,64}\/?)?(?:\?|$)/;
const isPaintedPage = (url: string): boolean => url.length <= 2048 && paintedPage.test(url);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/**
 * A page in the encoding the browser takes best (a painted page is 100-200 KB of markup: a phone's
 * network pays for every byte before the first paint). Brotli at quality 5: most of 11's gain at a
 * fraction of its time.
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, page: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = encodings.negotiate(String(request.headers['accept-encoding'] ?? ''));
  if (encoding === 'br')
    return reply
      .header('content-encoding', 'br')
      .send(await brotli(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipped(page));
  return reply.send(page);
}

const productPath = /^\/productview\/([^/?#]{1,64})\/?$/;

/**
 * Issue 11 "findable and shareable": /robots.txt, /sitemap.xml, and the single-page app's index.html
 * for every other GET, with a lot's Open Graph tags and schema.org Product on /productview/:pid so a
 * shared link shows the wine without JavaScript.
 */
export function seo(app: FastifyInstance, deps: SeoDeps) {
  app.get('/robots.txt', async (request, reply) => {
    const origin = originOf(request, deps.publicUrl);
    const lines = ['User-agent: *', 'Allow: /', ...privatePaths.map((p) => `Disallow: ${p}`)];
    return reply
      .type('text/plain; charset=utf-8')
      .send(`${lines.join('\n')}\n\nSitemap: ${origin}/sitemap.xml\n`);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = originOf(request, deps.publicUrl);
    const urls = (await sitemapEntries(deps.docs)).map(
      (e) =>
        `  <url><loc>${escapeHtml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''}</url>`,
    );
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  /** The not-found handler of the UI's server: index.html for a GET, with a lot's head where it names one. */
  return async function indexPage(request: FastifyRequest, reply: FastifyReply) {
    const head = request.method === 'HEAD';
    if ((request.method !== 'GET' && !head) || deps.uiDir === null) return reply.code(404).send();
    const html = await readFile(join(deps.uiDir, 'index.html'), 'utf8');
    const match = productPath.exec(request.url.split('?')[0] ?? '');
    const pid = match?.[1] ? safeDecode(match[1]) : null;
    const lot = pid ? await publicLot(deps.docs, pid) : null;
    const headed = lot
      ? withProductHead(html, productHead(productMeta(lot, originOf(request, deps.publicUrl))))
      : html;
    const paint = !head && isPaintedPage(request.url) ? deps.firstPaint?.() : null;
    const painted = paint ? await paint(request.url) : null;
    return sendPage(request, reply, painted ? withFirstPaint(headed, painted) : headed);
  };
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

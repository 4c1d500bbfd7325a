import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonLdText } from '@wine/contracts';
import type { Logger } from '@wine/platform';
import type { FastifyInstance } from 'fastify';

/** What ui/src/entry-server.tsx answers for one page. */
interface Rendered {
  html: string;
  state: unknown;
  status: number;
}
type Render = (url: string, fetchApi: typeof fetch) => Promise<Rendered>;

/** A page's first paint: the markup of #root and the answers it was made from, or null to send the bare app. */
export type FirstPaint = (url: string) => Promise<{ html: string; state: unknown } | null>;

/** At most this many pages are painted at once; a page asked beyond them is sent bare (the app paints it). */
export const FIRST_PAINTS_AT_ONCE = 4;
/** A page not painted in this time is sent bare. */
export const FIRST_PAINT_TIMEOUT_MS = 1500;

/**
 * The server's first paint of public pages (issue 11, Lighthouse on a phone): the UI's server build
 * (`ui/dist-server/entry-server.js`, `npm run build -w ui`) renders the page a visitor sees, asking
 * this server's API in-process (fastify inject: no socket, no token). Null when there is no server
 * build. Bounded: a flood of page requests costs at most FIRST_PAINTS_AT_ONCE renders at a time, and a
 * page that fails or takes too long is sent as the bare app, as before.
 */
export async function loadFirstPaint(
  app: FastifyInstance,
  dir: string,
  logger: Logger,
): Promise<FirstPaint | null> {
  const entry = join(dir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  const { render } = (await import(pathToFileURL(entry).href)) as { render: Render };
  const fetchApi: typeof fetch = async (input, init) => {
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers)),
      ...(typeof init?.body === 'string' && { payload: init.body }),
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
  let painting = 0;
  return async (url) => {
    if (painting >= FIRST_PAINTS_AT_ONCE) return null;
    painting++;
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), FIRST_PAINT_TIMEOUT_MS);
      });
      const rendered = await Promise.race([render(url, fetchApi), late]);
      return rendered && rendered.status === 200 ? { html: rendered.html, state: rendered.state } : null;
    } catch (err) {
      logger.warn({ err, url }, 'first paint failed; the page is sent bare');
      return null;
    } finally {
      clearTimeout(timer);
      painting--;
    }
  };
}

/**
 * index.html with a first paint: the markup in #root (marked: it takes no pointer until the app has
 * replaced it, ui/src/styles.css), the answers in a JSON data block (never run).
 */
export function withFirstPaint(html: string, paint: { html: string; state: unknown }): string {
  const state = `<script type="application/json" id="first-paint-state">${jsonLdText(paint.state)}</script>`;
  return html
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-first-paint>${paint.html}</div>`)
    .replace(/<\/body>/i, () => `  ${state}\n  </body>`);
}

import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { jsonLdText } from '@wine/contracts';
import type { Logger } from '@wine/platform';

/** What the worker answers for one page (ui/src/entry-server.tsx's render, or its error). */
type Answer = { id: number } & ({ html: string; state: unknown; status: number } | { error: string });

/** A page's first paint: the markup of #root and the answers it was made from. */
export interface Painted {
  html: string;
  state: unknown;
}
/** Paints a page, or answers null to send the bare app. */
export type Paint = (url: string) => Promise<Painted | null>;
export interface FirstPaint {
  paint: Paint;
  close(): Promise<void>;
}

/** At most this many pages are painted at once; a page asked beyond them is sent bare (the app paints it). */
export const FIRST_PAINTS_AT_ONCE = 4;
/** A page not painted in this time is sent bare. */
export const FIRST_PAINT_TIMEOUT_MS = 1500;
/** How long a painted page is sent again to whoever asks for the same URL, and how many pages are kept. */
export const FIRST_PAINT_KEPT_MS = 1000;
export const FIRST_PAINTS_KEPT = 64;

/**
 * The server's first paint of public pages (issue 11, Lighthouse on a phone): the UI's server build
 * (`ui/dist-server/entry-server.js`, `npm run build -w ui`) renders the page a visitor sees, in a
 * worker thread (a page is 25-130 ms of CPU the event loop must not wait for), asking the API at
 * `origin` as a visitor's browser would (no token). Null when there is no server build. Bounded: a
 * flood of page requests costs at most FIRST_PAINTS_AT_ONCE renders at a time, and a page that fails
 * or takes too long is sent as the bare app, as before.
 */
export async function loadFirstPaint(
  origin: string,
  dir: string,
  logger: Logger,
  timeoutMs = FIRST_PAINT_TIMEOUT_MS,
): Promise<FirstPaint | null> {
  const entry = join(dir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  const worker = new Worker(new URL('./first-paint-worker.mjs', import.meta.url), {
    workerData: { entry: pathToFileURL(entry).href, origin },
  });
  const waiting = new Map<number, (answer: Answer | null) => void>();
  let stopped = false;
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  worker.on('message', (answer: Answer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  worker.on('error', (err) => logger.error({ err }, 'the first paint worker failed; pages are sent bare'));
  worker.on('exit', () => {
    stopped = true;
    for (const settle of waiting.values()) settle(null);
    waiting.clear();
  });
  let next = 0;
  const paint: Paint = async (url) => {
    if (stopped || waiting.size >= FIRST_PAINTS_AT_ONCE) return null;
    const id = next++;
    let timer: NodeJS.Timeout | undefined;
    const answer = await new Promise<Answer | null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
      waiting.set(id, resolve);
      worker.postMessage({ id, url });
    });
    clearTimeout(timer);
    // Late: its answer, when it comes, settles nothing; the slot stays taken until then.
    if (answer === null) return null;
    if ('error' in answer) {
      logger.warn({ url, error: answer.error }, 'first paint failed; the page is sent bare');
      return null;
    }
    return answer.status === 200 ? { html: answer.html, state: answer.state } : null;
  };
  // A page painted is kept a second for everyone who asks for the same URL meanwhile (and asked at
  // once, painted once): a visitor's page is the same for all, and the app asks for fresh answers as
  // soon as it has taken the page over.
  const kept = new Map<string, { until: number; page: Promise<Painted | null> }>();
  const paintKept: Paint = (url) => {
    const now = Date.now();
    const hit = kept.get(url);
    if (hit && hit.until > now) return hit.page;
    const page = paint(url);
    kept.delete(url);
    kept.set(url, { until: now + FIRST_PAINT_KEPT_MS, page });
    if (kept.size > FIRST_PAINTS_KEPT) kept.delete(kept.keys().next().value as string);
    // A page sent bare (busy, failed, late) is not kept: the next visitor's may be painted.
    void page.then((painted) => {
      if (painted === null && kept.get(url)?.page === page) kept.delete(url);
    });
    return page;
  };
  return {
    paint: paintKept,
    async close() {
      stopped = true;
      await worker.terminate();
    },
  };
}

/**
 * index.html with a first paint: the markup in #root (marked: it takes no pointer until the app has
 * replaced it, ui/src/styles.css), the answers in a JSON data block (never run).
 */
export function withFirstPaint(html: string, paint: Painted): string {
  const state = `<script type="application/json" id="first-paint-state">${jsonLdText(paint.state)}</script>`;
  return html
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-first-paint>${paint.html}</div>`)
    .replace(/<\/body>/i, () => `  ${state}\n  </body>`);
}

/** This server's own origin over the loopback (or the one address it listens on), for the first paint's calls. */
export function loopbackOrigin({ address, family, port }: AddressInfo): string {
  const host =
    address === '0.0.0.0'
      ? '127.0.0.1'
      : address === '::'
        ? '[::1]'
        : family === 'IPv6'
          ? `[${address}]`
          : address;
  return `http://${host}:${port}`;
}

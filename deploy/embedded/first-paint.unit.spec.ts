import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@wine/platform';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_KEPT_MS,
  FIRST_PAINT_TIMEOUT_MS,
  FIRST_PAINTS_AT_ONCE,
  type FirstPaint,
  loadFirstPaint,
  withFirstPaint,
} from './first-paint.ts';

/**
 * A server build standing in for ui/dist-server: a real module on disk, rendering from what the API
 * answers through the fetch it is given (in the worker thread); `/slow/<ms>/<n>` takes that long, `/broken` throws.
 */
const entry = `
let renders = 0;
export async function render(url, fetchApi) {
  renders++;
  if (url === '/broken') throw new Error('a component failed');
  if (url.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, Number(url.split('/')[2])));
  if (url === '/counted') return { html: '<p>render ' + renders + '</p>', state: {}, status: 200 };
  if (url === '/missing') return { html: '<p>Page not found</p>', state: {}, status: 404 };
  const answer = await (await fetchApi('/api/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) })).json();
  return { html: '<p>' + answer.url + '</p>', state: { answer }, status: 200 };
}`;

let dir: string;
let app: FastifyInstance;
let origin: string;
const opened: FirstPaint[] = [];
const load = async (from = dir) => {
  const firstPaint = await loadFirstPaint(origin, from, createLogger('silent'));
  if (firstPaint) opened.push(firstPaint);
  return firstPaint?.paint;
};
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wine-first-paint-'));
  await writeFile(join(dir, 'entry-server.js'), entry);
  app = Fastify();
  app.post('/api/echo', async (request) => ({ url: (request.body as { url: string }).url, ip: request.ip }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(opened.map((firstPaint) => firstPaint.close()));
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the server's first paint", () => {
  it('is null without a server build', async () => {
    expect(await load(join(dir, 'none'))).toBeUndefined();
  });

  it('paints a page from what the API answers, asked over the loopback', async () => {
    const paint = await load();
    expect(await paint?.('/search?country=Italy')).toEqual({
      html: '<p>/search?country=Italy</p>',
      state: { answer: { url: '/search?country=Italy', ip: '127.0.0.1' } },
    });
  });

  it('sends the bare app for a page that fails, does not exist, or takes too long', async () => {
    const paint = await load();
    expect(await paint?.('/broken')).toBeNull();
    expect(await paint?.('/missing')).toBeNull();
    const started = Date.now();
    expect(await paint?.(`/slow/${FIRST_PAINT_TIMEOUT_MS + 500}`)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_PAINT_TIMEOUT_MS - 50);
  });

  it(`paints at most ${FIRST_PAINTS_AT_ONCE} pages at once: a flood gets the bare app`, async () => {
    const paint = await load();
    if (!paint) throw new Error('no first paint');
    const held = Array.from({ length: FIRST_PAINTS_AT_ONCE }, (_, n) => paint(`/slow/300/${n}`));
    expect(await paint('/')).toBeNull();
    expect(await Promise.all(held)).toEqual(
      held.map((_, n) => ({
        html: `<p>/slow/300/${n}</p>`,
        state: { answer: { url: `/slow/300/${n}`, ip: '127.0.0.1' } },
      })),
    );
    expect(await paint('/')).toEqual({ html: '<p>/</p>', state: { answer: { url: '/', ip: '127.0.0.1' } } });
  });

  it(`paints a URL asked at once, or within ${FIRST_PAINT_KEPT_MS} ms, once`, async () => {
    const paint = await load();
    const [a, b] = await Promise.all([paint?.('/counted'), paint?.('/counted')]);
    expect(b).toBe(a);
    expect(await paint?.('/counted')).toBe(a);
    await new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_KEPT_MS + 50));
    const again = await paint?.('/counted');
    expect(again?.html).not.toBe(a?.html);
    expect(again?.html).toMatch(/^<p>render \d+<\/p>$/);
  });
});

describe('a painted index.html', () => {
  const html = '<!doctype html><html><head></head><body>\n    <div id="root"></div>\n  </body></html>';

  it('holds the markup in #root, marked until the app takes it over, and the answers in a data block', () => {
    const page = withFirstPaint(html, { html: '<main>Wines</main>', state: { queries: [] } });
    expect(page).toContain('<div id="root" data-first-paint><main>Wines</main></div>');
    expect(page).toContain('<script type="application/json" id="first-paint-state">{"queries":[]}</script>');
  });

  it('keeps a hostile answer inside its data block', () => {
    const title = '</script><script>alert(1)</script><!--';
    const page = withFirstPaint(html, { html: '<p>x</p>', state: { title, dollar: '$& $1' } });
    const block = /<script type="application\/json" id="first-paint-state">([\s\S]*?)<\/script>/.exec(page);
    expect(JSON.parse(block?.[1] ?? '')).toEqual({ title, dollar: '$& $1' });
    expect(page.match(/<script/g)).toHaveLength(1);
  });
});

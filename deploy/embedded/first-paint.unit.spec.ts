import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@wine/platform';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_TIMEOUT_MS,
  FIRST_PAINTS_AT_ONCE,
  loadFirstPaint,
  withFirstPaint,
} from './first-paint.ts';

/**
 * A server build standing in for ui/dist-server: a real module on disk, rendering from what the API
 * answers through the fetch it is given; `/slow` waits until released, `/broken` throws.
 */
const entry = `
let release = () => {};
globalThis.releaseSlow = () => release();
export async function render(url, fetchApi) {
  if (url === '/broken') throw new Error('a component failed');
  if (url === '/slow') await new Promise((resolve) => { release = resolve; });
  if (url === '/missing') return { html: '<p>Page not found</p>', state: {}, status: 404 };
  const answer = await (await fetchApi('/api/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) })).json();
  return { html: '<p>' + answer.url + '</p>', state: { answer }, status: 200 };
}`;

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wine-first-paint-'));
  await writeFile(join(dir, 'entry-server.js'), entry);
  app = Fastify();
  app.post('/api/echo', async (request) => ({ url: (request.body as { url: string }).url, ip: request.ip }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const release = () => (globalThis as unknown as { releaseSlow: () => void }).releaseSlow();

describe("the server's first paint", () => {
  it('is null without a server build', async () => {
    expect(await loadFirstPaint(app, join(dir, 'none'), createLogger('silent'))).toBeNull();
  });

  it('paints a page from what the API answers in-process', async () => {
    const paint = await loadFirstPaint(app, dir, createLogger('silent'));
    expect(await paint?.('/search?country=Italy')).toEqual({
      html: '<p>/search?country=Italy</p>',
      state: { answer: { url: '/search?country=Italy', ip: '127.0.0.1' } },
    });
  });

  it('sends the bare app for a page that fails, does not exist, or takes too long', async () => {
    const paint = await loadFirstPaint(app, dir, createLogger('silent'));
    expect(await paint?.('/broken')).toBeNull();
    expect(await paint?.('/missing')).toBeNull();
    const started = Date.now();
    expect(await paint?.('/slow')).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_PAINT_TIMEOUT_MS - 50);
    release();
  });

  it(`paints at most ${FIRST_PAINTS_AT_ONCE} pages at once: a flood gets the bare app`, async () => {
    const paint = await loadFirstPaint(app, dir, createLogger('silent'));
    if (!paint) throw new Error('no first paint');
    const held = Array.from({ length: FIRST_PAINTS_AT_ONCE }, () => paint('/slow'));
    expect(await paint('/')).toBeNull();
    release();
    await Promise.all(held);
    expect(await paint('/')).toEqual({ html: '<p>/</p>', state: { answer: { url: '/', ip: '127.0.0.1' } } });
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

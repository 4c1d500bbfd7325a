import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

let market: TestMarketplace;
let uiDir: string;
beforeAll(async () => {
  // A stand-in for the built UI, so this does not need `npm run build`.
  uiDir = await mkdtemp(join(tmpdir(), 'wine-ui-'));
  await writeFile(join(uiDir, 'index.html'), '<!doctype html><title>Fine Wine Auction</title>');
  market = await startMarketplace({ seed: false, uiDir });
});
afterAll(async () => {
  await market?.stop();
  if (uiDir) await rm(uiDir, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
  expect(Object.fromEntries(directives)).toEqual({
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob:",
    'connect-src': "'self'",
    'font-src': "'self' data:",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  });
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The embedded default is plain http on localhost: no HSTS, and no upgrade of its requests.
  expect(headers).not.toHaveProperty('strict-transport-security');
  expect(csp).not.toContain('upgrade-insecure-requests');
}

describe('security headers', () => {
  it('are sent with the UI page at / and on a deep link the UI routes', async () => {
    for (const url of ['/', '/productview/demo-0001']) {
      const response = await market.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expectSecurityHeaders(response.headers);
    }
  });

  it('are sent with an action answer, an error envelope and an unknown action', async () => {
    const search = await market.app.inject({
      method: 'POST',
      url: '/api/product/search',
      payload: { limit: 1, page: 1 },
    });
    expect(search.statusCode).toBe(200);
    expectSecurityHeaders(search.headers);

    const badJson = await market.app.inject({
      method: 'POST',
      url: '/api/product/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"limit":',
    });
    expect(badJson.statusCode).toBe(400);
    expectSecurityHeaders(badJson.headers);

    const unknown = await market.app.inject({ method: 'POST', url: '/api/no/such/action', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown.headers);
  });
});

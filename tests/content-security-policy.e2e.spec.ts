import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');

/** A page that records every CSP violation: the console's reports and the DOM's violation events. */
async function watchedPage(browser: Browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const violations: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.exposeFunction('reportCspViolation', (report: string) => violations.push(report));
  // Injected by the browser (not by the page), so it runs before the page's scripts whatever the CSP.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      window.reportCspViolation(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') +
        ' at ' + e.sourceFile + ':' + e.lineNumber));`,
  });
  return { page, violations, errors };
}

describe.runIf(browserAvailable())('the Content-Security-Policy in a real browser', () => {
  let market: TestMarketplace;
  let browser: Browser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true });
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  const pages: [string, string, (page: Page) => Promise<void>][] = [
    [
      'the home page, its lot images and the live socket',
      '/',
      async (page) => {
        await page.getByTestId('lot-card').first().waitFor();
        // The socket is up: connect-src 'self' lets the page open ws:// on its own origin.
        await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
        // The lot images loaded (img-src 'self').
        await expect
          .poll(() => page.evaluate<number>('[...document.images].filter((i) => i.naturalWidth > 0).length'))
          .toBeGreaterThan(0);
        await page.screenshot({ path: join(screenshots, 'home-csp.png') });
      },
    ],
    [
      'a product page',
      '/productview/demo-0001',
      async (page) => {
        await page.getByRole('heading', { name: /Château Margaux/ }).waitFor();
      },
    ],
    [
      'the registration form',
      '/registration',
      async (page) => {
        await page.getByRole('button', { name: 'Register' }).waitFor();
      },
    ],
    [
      'the login form',
      '/login',
      async (page) => {
        await page.getByLabel('E-mail').first().waitFor();
      },
    ],
  ];

  it.each(pages)('shows %s with no CSP violation', async (_name, path, shown) => {
    const { page, violations, errors } = await watchedPage(browser);
    const response = await page.goto(`${market.url}${path}`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await shown(page);
    // The theme's colours exist only in the <style> Mantine writes at run time (style-src).
    const themeColour = `getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-burgundy-8')`;
    expect(await page.evaluate<string>(themeColour)).not.toBe('');
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

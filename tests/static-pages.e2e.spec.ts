import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

/**
 * seeds 000 §2.2: the static content pages of a fresh demo, as a visitor reads them: HTML pages, the
 * guidelines PDF embedded from the upload folder (with no CSP violation), the benefit cards of
 * /selling_wine, the built-in privacy and contact texts, and the fallback for any other path.
 */
describe.runIf(browserAvailable())('static content pages in a real browser', () => {
  let market: TestMarketplace;
  let browser: Browser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  async function open(path: string) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy') || m.text().includes('frame'))
        violations.push(m.text());
    });
    await page.goto(`${market.url}${path}`);
    return { page, violations };
  }

  it('serves every demo page through getStaticPage, and PAGE_NOT_FOUND for no page', async () => {
    const about = await market.ok<{ title: string }>('/api/common/getStaticPage', { id: 'about' });
    expect(about.title).toBe('About Us');
    const none = await market.post('/api/common/getStaticPage', { id: 'no_such_page' });
    expect([none.http, (none.body.data as { code?: string }).code]).toEqual([404, 'PAGE_NOT_FOUND']);
  });

  it('shows an HTML page with its title', async () => {
    const { page } = await open('/terms-conditions');
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Buyer’s premium and taxes' }).waitFor();
    expect(await page.title()).toMatch(/^Terms & Conditions \|/);
    await page.close();
  });

  it('embeds the guidelines PDF from the upload folder without a CSP violation', async () => {
    const pdf = await fetch(`${market.url}/uploads/files/guidelines.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(pdf.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // A path out of the folder is never served from it (the UI's fallback page answers instead).
    for (const attempt of [
      '..%2f..%2fpackage.json',
      '..%2f..%2f..%2fpackage.json',
      '%2e%2e/%2e%2e/package.json',
    ]) {
      const outside = await fetch(`${market.url}/uploads/files/${attempt}`);
      expect(outside.headers.get('content-type')).not.toContain('json');
      expect(await outside.text()).not.toContain('"workspaces"');
    }

    const { page, violations } = await open('/guidelines');
    const frame = page.locator('iframe[title="Bidding & Consignment Guidelines (PDF)"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('/uploads/files/guidelines.pdf');
    await page.getByRole('link', { name: 'Download Bidding & Consignment Guidelines (PDF)' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    await page.close();
  });

  it('adds the four benefit cards to /selling_wine', async () => {
    const { page } = await open('/selling_wine');
    await page.getByRole('heading', { level: 1, name: 'Selling Wine' }).waitFor();
    for (const name of ['Free Professional Appraisal', 'Access to Markets', '24/7 Visibility', 'Logistics']) {
      await page.getByRole('heading', { level: 3, name }).waitFor();
    }
    await page.close();
  });

  it('shows the built-in privacy and contact texts', async () => {
    const privacy = await open('/privacy-policy');
    await privacy.page.getByText('"Disabled Access" in the subject line', { exact: false }).waitFor();
    await privacy.page.close();
    const contact = await open('/contact-us');
    await contact.page.getByRole('cell', { name: 'Monday–Friday, 9:30 AM – 5:30 PM' }).waitFor();
    await contact.page.close();
  });

  it('shows the fallback page for a path that is no page', async () => {
    const { page } = await open('/no_such_page');
    await page.getByTestId('not-found').waitFor();
    await page.close();
  });
});

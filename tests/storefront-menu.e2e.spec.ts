import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

/**
 * issue 31: the More menu's labels opened other pages ('Wine Storage' opened Private Sales). Each
 * label now comes from its page's own record, so clicking a label opens a page of that title.
 */
describe.runIf(browserAvailable())("the More menu's pages in a real browser", () => {
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

  it('opens, for every configurable label, the page whose title is that label', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(market.url);
    const more = page.getByTestId('more-menu');
    await more.click();
    const items = page.getByRole('menuitem');
    await items.first().waitFor();
    const labels = (await items.allTextContents()).slice(0, 6);
    // The demo's six configurable pages, each under its own title.
    expect(labels).toEqual([
      'Private Sales',
      'Cellar Appraisals',
      'Wine Storage',
      'Events & Tastings',
      'Gift Cards',
      'Careers',
    ]);
    await page.keyboard.press('Escape');
    for (const label of labels) {
      await more.click();
      await page.getByRole('menuitem', { name: label, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
      expect(await page.title()).toMatch(new RegExp(`^${label.replace(/[&]/g, '\\$&')} \\|`));
    }
    await page.close();
  });
});

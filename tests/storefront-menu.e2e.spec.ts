import { actions, type RealisedPricePage } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace } from './support/marketplace.ts';

const HOUR = 3_600_000;
const clock = manualClock(new Date().toISOString());

/**
 * issue 31: the More menu's labels opened other pages ('Wine Storage' opened Private Sales). Each
 * label now comes from its page's own record, so clicking a label opens a page of that title.
 */
describe.runIf(browserAvailable())("the More menu's pages in a real browser", () => {
  let market: TestMarketplace;
  let browser: Browser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true, clock });
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
    for (const label of labels) {
      // From the home page each time: the menu as a visitor first meets it.
      await page.goto(market.url);
      await more.click();
      const item = page.getByRole('menuitem', { name: label, exact: true });
      await item.waitFor({ state: 'visible' });
      await item.click();
      await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
      expect(await page.title()).toMatch(new RegExp(`^${label.replace(/[&]/g, '\\$&')} \\|`));
    }
    await page.close();
  });

  it('shows a lot sold at auction with its hammer on /prices-realised, found by its producer, on a phone', async () => {
    const bidder = await market.bidder({ firstName: 'Pia' });
    const { id } = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({
        title: '1982 Château Mouton Rothschild',
        producer: 'Château Mouton Rothschild',
        vintage: 1982,
        openingBid: 240_000,
        closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
      }),
      market.admin,
    );
    await market.ok(actions.bidConfirm.path, { id, wsprice: 240_000 }, bidder.auth);
    clock.advance(2 * HOUR);
    await eventually(
      () => market.ok<RealisedPricePage>(actions.pricesRealised.path, { q: 'Mouton' }),
      (found) => found.totalRecords > 0,
      'the closed lot among prices realised',
      20_000,
    );
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${market.url}/prices-realised`);
    await page.getByRole('textbox', { name: 'Producer' }).fill('Château Mouton Rothschild');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/producer=/);
    const card = page.getByTestId('realised-price').filter({ hasText: '1982 Château Mouton Rothschild' });
    await card.waitFor();
    expect(await page.getByTestId('realised-price').count()).toBe(1);
    expect(await card.getByTestId('hammer-price').textContent()).toBe('$2,400.00');
    // Cards at 390 px: nothing wider than the screen.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.close();
  });
});

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchChromium,
  layoutProblems,
  seriousViolations,
  signedInPage,
} from './support/browser.ts';
import {
  auctionWithLots,
  startMarketplace,
  type TestMarketplace,
  type TestUser,
} from './support/marketplace.ts';

const screenshots = process.env.BID_SHEET_SCREENSHOTS ?? '/tmp/shots-bid-sheet';
const TITLES = ['2005 Pétrus', '2005 Lafleur', '2010 Le Pin'] as const;

/**
 * Issue 37 §6 in the browser: a bidder fills a bid sheet for a timed auction from its page (a maximum
 * on three lots, two of them either/or, a limit), saves it, and sees the house bidding for them within
 * what remains of the limit; the page at 1366 and 390 px, looked at.
 */
describe.runIf(browserAvailable())('a bid sheet with a limit and an either/or group (issue 37)', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let bidder: TestUser;
  let auctionId: string;
  let lots: string[];
  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false, staffRateLimit: 1_000_000 });
    bidder = await market.bidder({ firstName: 'Hal' });
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, bidder.auth);
    ({ auctionId, lots } = await auctionWithLots(market, {
      title: 'Right Bank Timed Sale',
      kind: 'timed',
      titles: TITLES,
    }));
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

  it('saves maximums, a limit and a group, and shows the house bidding within the limit', async () => {
    const { page, errors } = await signedInPage(browser, bidder.token, 1366, 900);
    await page.goto(`${market.url}/bidsheet/${auctionId}`);
    await page.getByTestId('bid-sheet').waitFor();
    await page.getByTestId('sheet-limit-input').fill('500');
    for (const [i, max] of ['300', '250', '200'].entries()) {
      await page.getByRole('textbox', { name: `Your maximum for lot ${i + 1}` }).fill(max);
    }
    await page.getByRole('combobox', { name: 'Either/or group for lot 1' }).selectOption('A');
    await page.getByRole('combobox', { name: 'Either/or group for lot 2' }).selectOption('A');
    await page.getByTestId('sheet-total').waitFor();
    await shot(page, 'bid-sheet-filled-1366');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('save-sheet').click();
    await page.getByTestId('bid-sheet-summary').waitFor();
    // The house bids on lot 1 (group A's first) and lot 3; lot 2 waits for its group.
    await page
      .getByTestId(`line-status-${lots[0]}`)
      .filter({ hasText: /Bidding/ })
      .waitFor({ timeout: 20_000 });
    await page
      .getByTestId(`line-status-${lots[2]}`)
      .filter({ hasText: /Bidding/ })
      .waitFor({ timeout: 20_000 });
    await page
      .getByTestId(`line-status-${lots[1]}`)
      .filter({ hasText: /Waiting/ })
      .waitFor();
    await page.getByTestId('sheet-remaining').waitFor();
    await shot(page, 'bid-sheet-bidding-1366');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await layoutProblems(page, 'bid sheet 1366')).toEqual([]);

    const phone = await signedInPage(browser, bidder.token, 390, 844);
    await phone.page.goto(`${market.url}/bidsheet/${auctionId}`);
    await phone.page.getByTestId('bid-sheet-summary').waitFor();
    expect(await layoutProblems(phone.page, 'bid sheet 390')).toEqual([]);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await shot(phone.page, 'bid-sheet-390');
    // The auction's page links to the sheet.
    await phone.page.goto(`${market.url}/liveAuction/${auctionId}`);
    await phone.page.getByTestId('bid-sheet-link').click();
    await phone.page.waitForURL(new RegExp(`/bidsheet/${auctionId}$`));
    await phone.page.getByTestId('bid-sheet-summary').waitFor();
    expect([...errors, ...phone.errors]).toEqual([]);
    await phone.page.context().close();
    await page.context().close();
  }, 120_000);
});

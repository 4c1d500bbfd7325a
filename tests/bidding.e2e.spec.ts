import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { offsetClock } from '@wine/platform';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');
const MINUTE = 60_000;
const clock = offsetClock();

/** The time left the page shows, in seconds ('0d 0h 4m 58s' -> 298). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('auction-box').getByRole('timer').textContent()) ?? '';
  const [d, h, m, s] = (text.match(/(\d+)d (\d+)h (\d+)m (\d+)s/) ?? []).slice(1).map(Number);
  return (((d ?? 0) * 24 + (h ?? 0)) * 60 + (m ?? 0)) * 60 + (s ?? 0);
}

describe.runIf(browserAvailable())('two bidders on one lot, in two browsers', () => {
  let market: TestMarketplace;
  let browser: Browser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false, clock });
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  /** A signed-in browser for `user` on the lot's page (own context: own storage, own socket). */
  async function pageFor(user: TestUser, lotId: string) {
    // The returning-user notice (issue: accounts) is acknowledged, so the page is the lot's.
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, user.auth);
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(user.token)})` });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${market.url}/productview/${lotId}`);
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await page.getByTestId('place-bid').waitFor();
    return { page, errors };
  }

  async function placeBid(page: Page, amount: string) {
    await page.getByTestId('bid-amount').fill(amount);
    await page.getByTestId('place-bid').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Bid' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('shows the outbid live, the extended close on both pages, and who won', async () => {
    const input = lotInput({
      title: '1990 Krug Collection',
      openingBid: 50_000,
      closesAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString(),
    });
    const { id } = await market.ok<{ id: string }>('/api/admin/product/create', input, market.admin);
    const [annUser, benUser] = [
      await market.bidder({ firstName: 'Ann' }),
      await market.bidder({ firstName: 'Ben' }),
    ];
    const ann = await pageFor(annUser, id);
    const ben = await pageFor(benUser, id);

    // Ann bids from the dropdown: the first option is the opening bid.
    await ann.page.getByTestId('bid-select').click();
    await ann.page.getByRole('option', { name: '$500.00' }).click();
    await ann.page.getByTestId('place-bid').click();
    await ann.page
      .getByRole('dialog', { name: 'Confirm Bid' })
      .getByRole('button', { name: 'Submit' })
      .click();
    await ann.page.getByTestId('bid-status').filter({ hasText: 'You are winning this lot.' }).waitFor();
    // Ben's page follows without a reload.
    await ben.page.getByTestId('current-bid').filter({ hasText: '$500.00' }).waitFor();

    // Ben outbids Ann: her page says so and shows the new price, without reloading.
    await placeBid(ben.page, '700');
    await ben.page.getByTestId('bid-status').filter({ hasText: 'You are winning this lot.' }).waitFor();
    await ann.page.getByTestId('bid-status').filter({ hasText: 'you have been outbid.' }).waitFor();
    // Ann's $500 maximum is spent; Ben leads at $500 + the $50 increment.
    await ann.page.getByTestId('current-bid').filter({ hasText: '$550.00' }).waitFor();
    await ann.page.getByText('1990 Krug Collection: you have been outbid.').waitFor();
    await ann.page.screenshot({ path: join(screenshots, 'bidding-outbid.png'), fullPage: true });

    // Three minutes before the close Ann bids again: both pages show the close five minutes after it.
    clock.advance(27 * MINUTE);
    // The pages follow the server clock (servertime every second).
    for (const { page } of [ann, ben]) {
      await expect.poll(() => secondsLeft(page), { timeout: 10_000 }).toBeLessThan(4 * 60);
    }
    await placeBid(ann.page, '1000');
    await ann.page.getByTestId('bid-status').filter({ hasText: 'You are winning this lot.' }).waitFor();
    for (const { page } of [ann, ben]) {
      await expect.poll(() => secondsLeft(page), { timeout: 10_000 }).toBeGreaterThan(4 * 60);
      expect(await secondsLeft(page)).toBeLessThanOrEqual(5 * 60);
    }
    await ben.page.getByTestId('bid-status').filter({ hasText: 'you have been outbid.' }).waitFor();
    await ben.page.screenshot({ path: join(screenshots, 'bidding-extended.png'), fullPage: true });

    // The extended close passes: the system closes the lot; Ann won, Ben lost.
    clock.advance(6 * MINUTE);
    await ann.page
      .getByTestId('bid-status')
      .filter({ hasText: 'Congratulations you have won this item' })
      .waitFor({ timeout: 15_000 });
    await ben.page
      .getByTestId('bid-status')
      .filter({ hasText: 'Unfortunately you have lost this item' })
      .waitFor();
    for (const { page } of [ann, ben]) {
      expect(await page.getByTestId('countdown').getAttribute('data-state')).toMatch(
        /auctionClosed|closedOn/,
      );
      expect(await page.getByTestId('place-bid').count()).toBe(0);
      await page.getByText('Sold Price').waitFor();
    }
    await ann.page.screenshot({ path: join(screenshots, 'bidding-won.png'), fullPage: true });
    await ben.page.screenshot({ path: join(screenshots, 'bidding-lost.png'), fullPage: true });
    expect([...ann.errors, ...ben.errors]).toEqual([]);
  });
});

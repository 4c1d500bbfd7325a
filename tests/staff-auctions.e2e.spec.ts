import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchChromium,
  layoutProblems,
  seriousViolations,
  signedInPage,
} from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = process.env.STAFF_SCREENSHOTS ?? '/tmp/shots-staff';

/** A `datetime-local` value `minutes` from now, in the browser's zone (the machine's: the test's). */
const localIn = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

describe.runIf(browserAvailable())('auctions in the staff area (issue 33)', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false, staffRateLimit: 1_000_000 });
    admin = await market.staff('admin');
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, admin.auth);
    // The catalogue: 30 lots for the auction, 5 others the search leaves out.
    for (let i = 1; i <= 35; i++) {
      const title = i <= 30 ? `Sale Lot ${String(i).padStart(2, '0')} Barolo` : `Cellar Stock ${i}`;
      await market.ok(
        '/api/admin/product/create',
        lotInput({ title, producer: 'Giacomo Conterno' }),
        admin.auth,
      );
    }
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  it('an admin creates an auction, adds 30 lots closing one a minute, reorders one and the storefront shows them', async () => {
    const { page, errors } = await signedInPage(browser, admin.token, 1366, 900);
    await page.goto(`${market.url}/admin`);
    await page
      .getByRole('navigation', { name: 'Staff sections' })
      .getByRole('link', { name: 'Auctions' })
      .click();
    await page.waitForURL(/\/admin\/auctions/);
    await page.getByTestId('staff-auctions-empty').waitFor();
    await page.getByTestId('new-auction').click();
    await page.waitForURL(/\/admin\/auctions\/new$/);
    await page.getByRole('textbox', { name: 'Title' }).fill('Piedmont Collection');
    await page.getByRole('textbox', { name: 'Description' }).fill('Barolo from one Chicago cellar.');
    await page.getByLabel('Opens for bidding').fill(localIn(-5));
    await page.getByLabel('First lot closes').fill(localIn(24 * 60));
    await page.getByRole('textbox', { name: 'Lots closing each minute' }).fill('1');
    await page
      .getByRole('textbox', { name: /Buyer’s premium/ })
      .fill('A buyer’s premium of 20% is added to the hammer price.');
    await page.screenshot({ path: `${screenshots}/auction-new-1366.png`, fullPage: true });
    await page.getByTestId('save-auction').click();
    await page.waitForURL(/\/admin\/auctions\/(?!new)[^/]+$/);
    const id = decodeURIComponent(page.url().split('/').pop() as string);
    await page.getByTestId('auction-no-lots').waitFor();

    // Add the 30 sale lots: searched, the page ticked at once.
    await page.getByTestId('add-lots').click();
    await page.getByTestId('pick-search').fill('Sale Lot');
    // The picker's option search waits 1,500 ms after the last key (seeds 001 §9) before it asks.
    await expect.poll(() => page.getByTestId('pick-row').count(), { timeout: 10_000 }).toBe(30);
    await page.getByTestId('pick-all').click();
    await page.screenshot({ path: `${screenshots}/auction-pick-1366.png` });
    await page.getByTestId('pick-add').click();
    await expect.poll(() => page.getByTestId('auction-lot').count()).toBe(30);
    await page.getByTestId('auction-unsaved').waitFor();
    const timeline = await page.getByTestId('auction-timeline').textContent();
    expect(timeline).toContain('30 lots close from');
    expect(timeline).toContain('1 a minute');

    // Move the second lot to the top with the keyboard (space, arrow up, space), as a clerk would.
    const second = page.getByTestId('auction-lot').nth(1);
    const secondId = await second.getAttribute('data-lot-id');
    await second.getByRole('button', { name: /^Move / }).focus();
    // dnd-kit measures the list between keys: each key waits for the frame it needs.
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect
      .poll(() => page.getByTestId('auction-lot').first().getAttribute('data-lot-id'))
      .toBe(secondId);
    await page.getByTestId('save-order').click();
    await page.getByTestId('auction-unsaved').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${screenshots}/auction-edit-1366.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // What the server recorded: 30 lots, numbered in the order shown, a minute apart.
    await market.caughtUp();
    const saved = await market.ok<{ lots: { id: string; lotNumber: string; closesAt: string }[] }>(
      '/api/admin/auction/detail',
      { id },
      admin.auth,
    );
    expect(saved.lots).toHaveLength(30);
    expect(saved.lots[0]?.id).toBe(secondId);
    const closes = saved.lots.map((l) => Date.parse(l.closesAt));
    expect(closes.slice(1).map((c, i) => c - (closes[i] as number))).toEqual(Array(29).fill(60_000));
    expect(saved.lots.map((l) => l.lotNumber)).toEqual(saved.lots.map((_, i) => String(i + 1)));

    // The storefront: the auctions list and the auction's page read it.
    await page.goto(`${market.url}/auction`);
    await page.getByRole('heading', { name: 'Piedmont Collection' }).waitFor();
    await page.goto(`${market.url}/liveAuction/${encodeURIComponent(id)}`);
    await page.getByRole('heading', { level: 1, name: 'Piedmont Collection' }).waitFor();
    expect(await page.getByTestId('auction-premium').textContent()).toContain('20% is added');
    expect(await page.getByTestId('auction-counts').textContent()).toBe('30 of 30 lots open');
    await page.screenshot({ path: `${screenshots}/auction-storefront-1366.png` });
    expect(errors).toEqual([]);
  });

  it('fits a phone: the auctions list and the auction’s lots at 390 px', async () => {
    const { page, errors } = await signedInPage(browser, admin.token, 390, 844);
    await page.goto(`${market.url}/admin/auctions`);
    await page.getByTestId('staff-auction-card').first().waitFor();
    await page.screenshot({ path: `${screenshots}/auctions-390.png`, fullPage: true });
    await page
      .getByTestId('staff-auction-card')
      .first()
      .getByRole('link', { name: /^Edit / })
      .click();
    await page.getByTestId('auction-lot').first().waitFor();
    await page.screenshot({ path: `${screenshots}/auction-edit-390.png`, fullPage: true });
    expect(await layoutProblems(page, '390px auction editor')).toEqual([]);
    expect(errors).toEqual([]);
  });
});

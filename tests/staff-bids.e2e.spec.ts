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

describe.runIf(browserAvailable())('bid cancel and manual award in the staff area (issue 33)', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  let lotId: string;
  let dan: TestUser;
  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false, staffRateLimit: 1_000_000 });
    admin = await market.staff('admin');
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, admin.auth);
    ({ id: lotId } = await market.ok<{ id: string }>(
      '/api/admin/product/create',
      lotInput({ title: '2005 Ch. Léoville Las Cases' }),
      admin.auth,
    ));
    // ann's $500 leads at $250; bob's $300 is answered for ann at $320; cat's $600 leads at $550.
    for (const [name, dollars] of [
      ['Ann', 500],
      ['Bob', 300],
      ['Cat', 600],
    ] as const) {
      const bidder = await market.bidder({ firstName: name });
      await market.ok('/api/bid/confirm', { id: lotId, wsprice: dollars * 100 }, bidder.auth);
    }
    dan = await market.bidder({ firstName: 'Dan' });
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  it('an admin cancels a bidder’s bids with a reason, sees the lot re-priced, then awards it to a buyer', async () => {
    const { page, errors } = await signedInPage(browser, admin.token, 1366, 900);
    await page.goto(`${market.url}/admin/lots/${lotId}`);
    await page.getByTestId('lot-bidders').waitFor();
    expect(await page.getByTestId('lot-bidder').count()).toBe(3);
    await page.getByRole('button', { name: /^Cancel bids of Cat/ }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('Now: $550.00, led by Cat');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Shill bidding for the consignor');
    await page.screenshot({ path: `${screenshots}/bid-cancel-1366.png` });
    await dialog.getByRole('button', { name: 'Cancel bids' }).click();
    const result = page.getByTestId('cancel-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/Price \$550\.00 → \$320\.00; leader Cat \S+ → Ann/);
    await expect
      .poll(async () => (await page.getByTestId('lot-bid-rows').textContent()) ?? '')
      .toContain('Cancelled');
    await page.screenshot({ path: `${screenshots}/lot-bids-1366.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Awarded below ann's $500 maximum: refused until confirmed with a reason.
    await page.getByTestId('award-lot').click();
    const award = page.getByRole('dialog');
    await award.getByRole('textbox', { name: /e-mail/ }).fill(dan.email);
    await award.getByRole('textbox', { name: /Price/ }).fill('450');
    await award.getByRole('button', { name: 'Award the lot' }).click();
    await award.getByText('The price is below the leading online maximum').waitFor();
    await award.getByRole('textbox', { name: 'Reason' }).fill('Private treaty agreed with the consignor');
    await award.getByRole('checkbox', { name: /I confirm/ }).check();
    await page.screenshot({ path: `${screenshots}/lot-award-1366.png` });
    await award.getByRole('button', { name: 'Award the lot' }).click();
    await award.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('staff-lot-status').first().textContent()).toBe('Sold');
    expect(errors).toEqual([]);
  });

  it('fits a phone', async () => {
    const { page, errors } = await signedInPage(browser, admin.token, 390, 844);
    await page.goto(`${market.url}/admin/lots/${lotId}`);
    await page.getByTestId('lot-bidders').waitFor();
    await page.getByTestId('lot-bids').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/lot-bids-390.png`, fullPage: true });
    expect(await layoutProblems(page, '390px lot bids')).toEqual([]);
    expect(errors).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { actions, formatMoney, type ReportPage } from '@wine/contracts';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const today = () => new Date().toISOString().slice(0, 10);

describe.runIf(browserAvailable())('finance reports in the browser', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let finance: TestUser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false });
    browser = await launchChromium();
    finance = await market.staff('finance');
    // The welcome notice a new account sees once is not what this page is about.
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, finance.auth);
    // Two buy-now orders paid by card: two payments in the books.
    const buyer = await market.bidder({ firstName: 'Ann' });
    const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, buyer.auth);
    for (const price of [6_000, 12_345]) {
      const input = lotInput({
        auction: false,
        buyNow: true,
        buyNowPrice: price,
        quantity: 3,
        openingBid: 0,
      });
      const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
      await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, buyer.auth);
      await market.ok(
        actions.checkout.path,
        {
          type: 'buynow',
          cart_id: randomUUID(),
          delivery: 'pickup',
          payment: { card_id: cards.data[0]?.id },
        },
        buyer.auth,
      );
    }
    await market.caughtUp();
  });
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  it('opens the payments report, sees its table and totals, downloads the CSV and parses it back', async () => {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    await context.addInitScript({
      content: `localStorage.setItem('token', ${JSON.stringify(finance.token)})`,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${market.url}/`);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Staff area' }).click();
    await page.waitForURL(/\/admin$/);
    await page
      .getByRole('navigation', { name: 'Staff sections' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await page.waitForURL(/\/reports\/getCustomerOrders/);
    await page.getByTestId('report-table').waitFor();

    await page.goto(`${market.url}/reports/getPayments?from=${today()}&to=${today()}`);
    const rows = page.getByTestId('report-table').getByTestId('report-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const expected = await market.ok<ReportPage>(
      actions.getPayments.path,
      { from: today(), to: today() },
      finance.auth,
    );
    expect(expected.totalRecords).toBe(2);
    await expect
      .poll(() => page.getByTestId('report-totals').textContent())
      .toContain(formatMoney(expected.totals.amount as number));
    await page.getByTestId('weekly-chart').locator('.recharts-surface').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^getPayments_.*\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const records = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.type)).toEqual(['payment', 'payment']);
    const cents = records.reduce((sum, r) => sum + Math.round(Number(r.amount_usd) * 100), 0);
    expect(cents).toBe(expected.totals.amount);
    await expect
      .poll(() => page.getByTestId('report-download-status').textContent())
      .toBe('Downloaded 2 rows');
    expect(errors).toEqual([]);
    await context.close();
  });
});
